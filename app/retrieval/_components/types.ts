// What the Retrieval page's server component hands its client parts (serializable).
import type { EvaluationTaskView } from "@/lib/retrieval/evaluation/schema";
import type { RetrievalGranularity, RetrievalStrategy } from "@/lib/retrieval/schema";
import type { ProjectRetrievalSettings } from "@/lib/retrieval/settings";

export type { EvaluationTaskView, ProjectRetrievalSettings };

/** The settings one playground column (A or B) ranks with. */
export interface ColumnSettings {
  strategy: RetrievalStrategy;
  threshold: number;
  /** null = no limit. */
  topK: number | null;
  granularity: RetrievalGranularity;
}

export interface RetrievalPageData {
  projectId: string;
  projectSlug: string;
  defaults: ProjectRetrievalSettings;
  isLlmConfigured: boolean;
  /** Applications of the project's tips (the application filter's options). */
  applications: string[];
  /** Task descriptions of the project's trajectories, newest first. */
  sampleTasks: string[];
  approvedTips: number;
  /** Approved tips with a retrieval vector under the configured embedder. */
  indexedApprovedTips: number;
  embeddingModel: string;
  evaluationSet: EvaluationTaskView[];
}
