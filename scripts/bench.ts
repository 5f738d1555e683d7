// `npm run bench`: every benchmark, one after another. Figures only; nothing here fails on time.
export {};

await import("./bench/vectors");
console.log("");
await import("./bench/import");
console.log("");
await import("./bench/list");
await import("./bench/clustering");
console.log("");
await import("./bench/retrieval");
