// Scripted replies per prompt id, consumed in order (unless `repeat`), optionally filtered by
// input text or by whether the request asked for json_schema.
import type { ScriptedResponse } from "./types";

export interface ScriptMatchContext {
  usesJsonSchema: boolean;
  /** All message text of the request. */
  text: string;
}

export class ScriptBook {
  private readonly queues = new Map<string, ScriptedResponse[]>();
  private readonly consumed = new Map<string, number>();

  add(promptId: string, responses: ScriptedResponse[]): void {
    this.queues.set(promptId, [...(this.queues.get(promptId) ?? []), ...responses]);
  }

  isScripted(promptId: string): boolean {
    return this.queues.has(promptId);
  }

  consumedCount(promptId: string): number {
    return this.consumed.get(promptId) ?? 0;
  }

  take(promptId: string, context: ScriptMatchContext): ScriptedResponse | undefined {
    const queue = this.queues.get(promptId) ?? [];
    const index = queue.findIndex((entry) => matches(entry, context));
    const entry = queue[index];
    if (!entry) return undefined;
    if (!entry.repeat) queue.splice(index, 1);
    this.consumed.set(promptId, this.consumedCount(promptId) + 1);
    return entry;
  }

  /** Unconsumed non-repeating entries per prompt id (for "script fully used" assertions). */
  pending(): Record<string, number> {
    const result: Record<string, number> = {};
    for (const [promptId, queue] of this.queues) {
      const count = queue.filter((entry) => !entry.repeat).length;
      if (count > 0) result[promptId] = count;
    }
    return result;
  }

  clear(): void {
    this.queues.clear();
    this.consumed.clear();
  }
}

function matches(entry: ScriptedResponse, context: ScriptMatchContext): boolean {
  if (entry.rejectJsonSchema && !context.usesJsonSchema) return false;
  if (entry.inputIncludes !== undefined && !context.text.includes(entry.inputIncludes)) return false;
  return true;
}
