// Deterministic trajectory intelligence: analyze once, store the JSON, render hints for prompts.
export { analyzeTrajectory } from "./analyze-trajectory";
export { analysisHints, describeChange } from "./hints";
export * from "./schema";
