// The offline (no-LLM) tip extractor and the tip proposal shape shared with the LLM stages.
export { extractOfflineTips, dedupeTips } from "./extract-offline-tips";
export * from "./schema";
