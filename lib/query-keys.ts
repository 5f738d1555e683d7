// TanStack Query key factory (client-safe: no server imports). Keys are hierarchical so that
// `invalidateQueries({ queryKey: queryKeys.jobs.all })` also invalidates every list and detail.

/** Filters of the jobs list; part of the key, so each combination is cached separately. */
export type JobListFilters = {
  status?: string;
  name?: string;
  projectId?: string;
  limit?: number;
};

const JOBS = ["jobs"] as const;
const CLUSTERS = ["clusters"] as const;
const RETRIEVAL = ["retrieval"] as const;

export const queryKeys = {
  /** GET /api/health, polled by the shell's health indicator. */
  health: ["health"] as const,
  jobs: {
    all: JOBS,
    lists: () => [...JOBS, "list"] as const,
    list: (filters: JobListFilters = {}) => [...JOBS, "list", filters] as const,
    detail: (id: string) => [...JOBS, "detail", id] as const,
  },
  settings: ["settings"] as const,
  clusters: {
    all: CLUSTERS,
    /** GET /api/clusters/map; `runId` (the latest run) changes when a run replaces the clusters. */
    map: (projectId: string, runId: string | null) => [...CLUSTERS, "map", projectId, runId] as const,
    /** GET /api/clusters/preview for one threshold and linkage. */
    preview: (projectId: string, runId: string | null, threshold: number, linkage: string) => [...CLUSTERS, "preview", projectId, runId, threshold, linkage] as const,
  },
  retrieval: {
    all: RETRIEVAL,
    /** POST /api/retrieval/playground: one key per task + strategy + filters (τ and k re-rank in the browser). */
    playground: (request: { projectId: string; task: string; strategy: string; granularity: string; application: string | null; approvedOnly: boolean }) =>
      [...RETRIEVAL, "playground", request] as const,
    /** POST /api/retrieval/guidelines for the selected tips, template and budget. */
    guidelines: (projectId: string, tipIds: string, template: string, maxTokens: number | null) => [...RETRIEVAL, "guidelines", projectId, tipIds, template, maxTokens] as const,
    /** GET /api/retrieval/evaluation; `run` counts the "Run evaluation" clicks. */
    evaluation: (projectId: string, run: number) => [...RETRIEVAL, "evaluation", projectId, run] as const,
    /** GET /api/retrieval/tips (the approved-tip picker). */
    tips: (projectId: string, q: string) => [...RETRIEVAL, "tips", projectId, q] as const,
  },
} as const;
