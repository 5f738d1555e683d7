// Job: (re)build a project's retrieval index — the vector of the description each retrievable tip
// is retrieved by, and of its content. Idempotent: unchanged texts are skipped by checksum, so a
// retried or resumed run only embeds what is still missing. Run it after a consolidation run (new
// canonical cluster descriptions) or an embedder change.
import { z } from "zod";
import { countIndexedTips } from "../db/retrieval-tips";
import { analyzeVectorTables } from "../db/vectors";
import { reindexTips } from "../retrieval/index-tips";
import { getConfiguredEmbedder } from "../settings/embedding-settings";
import { defineJob } from "./types";

export const reindexProjectPayloadSchema = z.object({ projectId: z.uuid() });

export const reindexProjectJob = defineJob({
  name: "reindex-project",
  title: "Rebuild the retrieval index",
  payload: reindexProjectPayloadSchema,
  projectIdOf: (payload) => payload.projectId,
  handler: async ({ projectId }, context) => {
    const embedder = await getConfiguredEmbedder();
    const { tips } = await countIndexedTips({ projectId, model: embedder.model, statuses: ["approved", "proposed"] });
    await context.setTotal(tips);
    const result = await reindexTips({ projectId }, { embedder }, { advance: (count, item) => context.advance(count, item), signal: context.signal });
    await analyzeVectorTables(); // planner statistics for the grown index (the embedded server has no autovacuum)
    await context.advance(0, `${result.embedded} vectors written, ${result.skipped} up to date`);
  },
});
