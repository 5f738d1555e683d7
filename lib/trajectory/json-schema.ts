// The published JSON Schema of Debrief's trajectory format, generated from the zod model so
// the documentation can never drift from what the importer accepts.
import { z } from "zod";
import { normalizedTrajectorySchema } from "./schema";

export const TRAJECTORY_SCHEMA_ID = "/api/v1/schema/trajectory.json";

export function trajectoryJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(normalizedTrajectorySchema, { io: "input", unrepresentable: "any" });
  return {
    ...schema,
    $id: TRAJECTORY_SCHEMA_ID,
    title: "Debrief trajectory",
    description:
      "One agent run: the task, ordered steps (thought → one action → observation), the final answer, the outcome " +
      "and metadata. POST it to /api/v1/trajectories (one object, an array, or JSON Lines). Each step keeps its " +
      "provider data in `raw`; unknown source records are kept as steps of kind `unknown`.",
  };
}
