// Scripted LlmClient for unit tests of orchestration (no HTTP, no database). Every call must be
// expected, every expectation must be used: surprises fail the test instead of passing quietly.
import type { GenerateObjectArgs, GenerateObjectResult, LlmClient } from "./types";

/** One expected call, matched by prompt id in the order given. */
export interface FakeLlmExpectation {
  promptId: string;
  /** The object to return; validated against the call's schema. */
  object?: unknown;
  /** Computes the object from the call instead (e.g. echoing the input). */
  respond?: (args: GenerateObjectArgs<unknown>) => unknown;
  /** Throw this instead of returning (e.g. an AppError("LLM_ERROR")). */
  error?: Error;
}

export class FakeLlmClient implements LlmClient {
  private readonly pending: FakeLlmExpectation[];
  /** Every call received, in order, for assertions on prompts. */
  readonly calls: GenerateObjectArgs<unknown>[] = [];

  constructor(expectations: FakeLlmExpectation[]) {
    this.pending = [...expectations];
  }

  async generateObject<T>(args: GenerateObjectArgs<T>): Promise<GenerateObjectResult<T>> {
    const call = args as GenerateObjectArgs<unknown>;
    this.calls.push(call);
    const index = this.pending.findIndex((expectation) => expectation.promptId === args.promptId);
    const expectation = index === -1 ? undefined : this.pending.splice(index, 1)[0];
    if (!expectation) {
      const left = this.pending.map((e) => e.promptId).join(", ") || "none";
      throw new Error(`FakeLlmClient: unexpected call to "${args.promptId}" (still expected: ${left})`);
    }
    if (expectation.error) throw expectation.error;
    const raw = expectation.respond ? expectation.respond(call) : expectation.object;
    // Parsing keeps scripted objects honest against the real schema.
    const object = args.schema.parse(raw);
    return {
      object,
      callId: `fake-call-${this.calls.length}`,
      cached: false,
      model: "fake-model",
      usage: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
    };
  }

  /** Fails when expected calls were never made. */
  assertAllConsumed(): void {
    if (this.pending.length === 0) return;
    const left = this.pending.map((e) => e.promptId).join(", ");
    throw new Error(`FakeLlmClient: ${this.pending.length} expected call(s) never made: ${left}`);
  }
}

export function createFakeLlmClient(expectations: FakeLlmExpectation[]): FakeLlmClient {
  return new FakeLlmClient(expectations);
}
