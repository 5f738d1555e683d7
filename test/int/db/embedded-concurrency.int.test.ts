// Many connections running parameterised (extended-protocol) queries at once on the embedded
// server: each gets its own answer. Guards the fix in lib/db/pglite-protocol-queue.ts.
import net from "node:net";
import pg from "pg";
import { serialize } from "pg-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMORY_DATA_DIR, startEmbeddedServer, type EmbeddedServer } from "@/lib/db/embedded";

let server: EmbeddedServer;
beforeAll(async () => {
  server = await startEmbeddedServer({ dataDir: MEMORY_DATA_DIR });
});
afterAll(async () => {
  await server.stop();
});

describe("embedded server under concurrent connections", () => {
  it("never mixes up two connections' prepared statements or rows", async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 8 });
    try {
      // Different parameter counts per query shape, as Prisma and pg-boss send them at once.
      const results = await Promise.all(
        Array.from({ length: 400 }, (_, i) =>
          i % 2 === 0
            ? pool.query<{ v: number }>("SELECT $1::int + $2::int AS v", [i, 1]).then((r) => r.rows[0]!.v === i + 1)
            : pool.query<{ v: string }>("SELECT $1::text || $2::text || $3::text AS v", ["a", String(i), "z"]).then((r) => r.rows[0]!.v === `a${i}z`),
        ),
      );
      expect(results.every(Boolean)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it("keeps serving other connections after one query fails", async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 4 });
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? pool.query("SELECT 1/0") : pool.query("SELECT $1::int AS v", [i]))),
      );
      expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(8);
      expect((await pool.query("SELECT 42 AS v")).rows[0].v).toBe(42);
    } finally {
      await pool.end();
    }
  });
});

describe("embedded server protocol sequences", () => {
  it("keeps one connection's Parse…Sync together even when another connection's Parse arrives in between", async () => {
    const a = await rawConnection(server.url);
    const b = await rawConnection(server.url);
    try {
      a.send(serialize.parse({ text: "SELECT $1::int + $2::int AS v", types: [] }));
      await settle();
      // Upstream, this Parse replaced A's unnamed statement and A's Bind below failed.
      b.send(serialize.parse({ text: "SELECT $1::text || $2::text || $3::text AS v", types: [] }));
      await settle();
      a.send(Buffer.concat([serialize.bind({ values: ["40", "2"] }), serialize.execute(), serialize.sync()]));
      b.send(Buffer.concat([serialize.bind({ values: ["a", "b", "c"] }), serialize.execute(), serialize.sync()]));
      expect(await a.untilReady()).toEqual({ errors: [], rows: ["42"] });
      expect(await b.untilReady()).toEqual({ errors: [], rows: ["abc"] });
    } finally {
      a.close();
      b.close();
    }
  });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A bare protocol connection: startup, then raw messages; collects DataRow values and errors until ReadyForQuery. */
async function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port) });
  await new Promise((resolve) => socket.once("connect", resolve));
  let buffer = Buffer.alloc(0);
  let waiter: (() => void) | null = null;
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    waiter?.();
  });
  const untilReady = async () => {
    const result = { errors: [] as string[], rows: [] as string[] };
    for (;;) {
      while (buffer.length >= 5 && buffer.length >= 1 + buffer.readInt32BE(1)) {
        const type = String.fromCharCode(buffer[0]!);
        const body = buffer.subarray(5, 1 + buffer.readInt32BE(1));
        buffer = buffer.subarray(1 + buffer.readInt32BE(1));
        if (type === "E") result.errors.push(body.toString("utf8").replace(/\0/g, " ").trim());
        if (type === "D") result.rows.push(body.subarray(6, 6 + body.readInt32BE(2)).toString("utf8"));
        if (type === "Z") return result;
      }
      await new Promise<void>((resolve) => (waiter = resolve));
    }
  };
  socket.write(serialize.startup({ user: "postgres", database: "postgres" }));
  await untilReady();
  return { send: (data: Buffer) => socket.write(data), untilReady, close: () => socket.destroy() };
}
