// LLM-guided selection (paper §3.3.2): one structured call, then the answer is held to what the
// project has — application names are matched to the stored ones (case-insensitively) and unknown
// ones dropped, so a filter can never exclude every tip by a misspelling.
import type { LlmClient } from "../../llm/types";
import { normalizeApplication } from "../rank";
import type { LlmSelection } from "../schema";
import { buildSelectionInput, PROMPT_ID, PROMPT_VERSION, SCHEMA_NAME, SYSTEM_PROMPT } from "./prompt";
import { selectionOutputSchema, type SelectionOutput } from "./schema";

export interface SelectQueryInput {
  task: string;
  /** Application names of the project's retrievable tips. */
  applications: readonly string[];
  taskCategories: readonly string[];
  projectId: string | null;
}

export interface SelectQueryResult {
  selection: LlmSelection;
  /** Applications the model named that the project has no tips for (dropped). */
  ignoredApplications: string[];
  call: { callId: string; model: string; cached: boolean; costUsd: number | null };
}

export async function selectQuery(input: SelectQueryInput, deps: { llm: LlmClient }): Promise<SelectQueryResult> {
  const result = await deps.llm.generateObject({
    stage: "retrieval",
    promptId: PROMPT_ID,
    promptVersion: PROMPT_VERSION,
    schema: selectionOutputSchema,
    schemaName: SCHEMA_NAME,
    system: SYSTEM_PROMPT,
    input: buildSelectionInput(input),
    projectId: input.projectId,
    temperature: 0,
  });
  const { selection, ignoredApplications } = toSelection(result.object, input);
  const { callId, model, cached, costUsd } = result;
  return { selection, ignoredApplications, call: { callId, model, cached, costUsd } };
}

/** Pure: the model's answer held to the project's known applications. */
export function toSelection(output: SelectionOutput, { task, applications }: Pick<SelectQueryInput, "task" | "applications">): { selection: LlmSelection; ignoredApplications: string[] } {
  const known = new Map(applications.map((name) => [normalizeApplication(name), name]));
  const chosen: string[] = [];
  const ignoredApplications: string[] = [];
  for (const name of output.applications) {
    const match = known.get(normalizeApplication(name));
    if (match === undefined) ignoredApplications.push(name);
    else if (!chosen.includes(match)) chosen.push(match);
  }
  const rewritten = output.rewrittenQuery?.trim().slice(0, 1000) || null;
  const isSameAsTask = rewritten !== null && rewritten.toLowerCase() === task.trim().toLowerCase();
  return {
    selection: {
      applications: chosen,
      taskCategory: output.taskCategory?.trim() || null,
      categoryPriorities: output.categoryPriorities,
      rewrittenQuery: isSameAsTask ? null : rewritten,
      rationale: output.rationale.trim(),
    },
    ignoredApplications,
  };
}
