// Every job type a worker can run. Add new job definitions here.
import { extractTrajectoriesJob } from "./extract-trajectories";
import { reembedProjectJob } from "./reembed-project";
import type { JobDefinition } from "./types";

export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  reembedProjectJob as unknown as JobDefinition,
  extractTrajectoriesJob as unknown as JobDefinition,
];
