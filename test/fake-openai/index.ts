export { startFakeOpenAi, PROMPT_ID_HEADER, type FakeOpenAi } from "./server";
export { CONNECTION_TEST_PROMPT_ID } from "./chat";
export type { FakeOpenAiOptions, FakeUsage, RecordedRequest, ScriptedResponse, UnscriptedMode } from "./types";
