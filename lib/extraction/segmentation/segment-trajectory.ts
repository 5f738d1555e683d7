// Stage: split the trajectory into logical subtasks (one call), then repair the ranges.
import type { NormalizedTrajectory } from "../../trajectory/schema";
import type { ExtractionIssue } from "../issues";
import { toCallInfo, type ExtractionDeps, type LlmCallInfo } from "../llm-call";
import { buildSegmentationInput, PROMPT_ID, PROMPT_VERSION, SCHEMA_NAME, SYSTEM_PROMPT } from "./prompt";
import { segmentationSchema, type Subtask } from "./schema";
import { validateSubtasks } from "./validate-subtasks";

export interface SegmentTrajectoryResult {
  subtasks: Subtask[];
  issues: ExtractionIssue[];
  call: LlmCallInfo;
}

export async function segmentTrajectory(
  trajectory: NormalizedTrajectory,
  options: { projectId?: string | null },
  deps: ExtractionDeps,
): Promise<SegmentTrajectoryResult> {
  const result = await deps.llm.generateObject({
    stage: "segmentation",
    promptId: PROMPT_ID,
    promptVersion: PROMPT_VERSION,
    schema: segmentationSchema,
    schemaName: SCHEMA_NAME,
    system: SYSTEM_PROMPT,
    input: buildSegmentationInput({ trajectory }),
    projectId: options.projectId ?? null,
  });
  const issues: ExtractionIssue[] = [];
  const subtasks = validateSubtasks(result.object.subtasks, trajectory.steps.length, issues);
  return { subtasks, issues, call: toCallInfo(result, PROMPT_ID, PROMPT_VERSION) };
}
