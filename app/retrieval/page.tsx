import type { Metadata } from "next";
import { openProjectPage } from "@/app/_components/project-page";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchIcon } from "@/components/ui/icons";
import { listSampleTasks } from "@/lib/db/retrieval-evaluation";
import { countIndexedTips, listTipVocabulary } from "@/lib/db/retrieval-tips";
import { countTipsByStatus } from "@/lib/db/tip-queries";
import { isLlmConfigured } from "@/lib/llm/openai-sdk";
import { listEvaluationSet } from "@/lib/retrieval/evaluation/evaluation-set";
import { getProjectRetrievalSettings } from "@/lib/retrieval/settings";
import { getConfiguredEmbedder } from "@/lib/settings/embedding-settings";
import { getEffectiveLlmConfig } from "@/lib/settings/llm-settings";
import { withProject } from "@/lib/trajectories/project-param";
import { RetrievalWorkspace } from "./_components/retrieval-workspace";

export const metadata: Metadata = { title: "Retrieval" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Sample tasks offered by the playground's picker (the newest distinct task descriptions). */
const SAMPLE_TASKS = 300;

export default async function RetrievalPage({ searchParams }: { searchParams: SearchParams }) {
  const opened = await openProjectPage((await searchParams).project, {
    testId: "page-retrieval",
    title: "Retrieval",
    description: "Preview which tips a task would retrieve, tune strategy, threshold τ and top-k, and choose the defaults with an evaluation set.",
  });
  if (opened.kind === "missing") return opened.element;
  const { header } = opened;
  const projectId = opened.project.id;
  const embedder = await getConfiguredEmbedder();
  const [defaults, counts, indexed, vocabulary, sampleTasks, evaluationSet, llmConfig] = await Promise.all([
    getProjectRetrievalSettings({ projectId }),
    countTipsByStatus({ projectId }),
    countIndexedTips({ projectId, model: embedder.model, statuses: ["approved"] }),
    listTipVocabulary({ projectId, statuses: ["approved", "proposed"] }),
    listSampleTasks({ projectId, take: SAMPLE_TASKS }),
    listEvaluationSet({ projectId }),
    getEffectiveLlmConfig(),
  ]);
  if (counts.approved === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={<SearchIcon className="size-5" />}
          title="No approved tips to retrieve"
          description={
            <>
              <p>
                Retrieval returns approved tips only (unless the project allows proposed ones). Approve tips first, then preview what a task would retrieve: the scored candidates, where τ cuts
                them, and the exact guidelines block an agent would receive.
              </p>
              {counts.proposed > 0 ? <p>{counts.proposed} proposed tips are waiting for review in this project.</p> : null}
            </>
          }
        >
          <ButtonLink href={withProject("/review", opened.project.slug)} variant="primary">
            Go to review
          </ButtonLink>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {header}
      <RetrievalWorkspace
        key={projectId}
        data={{
          projectId,
          projectSlug: opened.project.slug,
          defaults,
          isLlmConfigured: isLlmConfigured(llmConfig),
          applications: vocabulary.applications,
          sampleTasks,
          approvedTips: counts.approved,
          indexedApprovedTips: indexed.indexed,
          embeddingModel: embedder.model,
          evaluationSet,
        }}
      />
    </>
  );
}
