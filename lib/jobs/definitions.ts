// Every job type a worker can run. Add new job definitions here.
import { consolidateProjectJob } from "./consolidate-project";
import { extractTrajectoriesJob } from "./extract-trajectories";
import { reembedProjectJob } from "./reembed-project";
import { reindexProjectJob } from "./reindex-project";
import type { JobDefinition } from "./types";

export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  reembedProjectJob as unknown as JobDefinition,
  extractTrajectoriesJob as unknown as JobDefinition,
  consolidateProjectJob as unknown as JobDefinition,
  reindexProjectJob as unknown as JobDefinition,
];
