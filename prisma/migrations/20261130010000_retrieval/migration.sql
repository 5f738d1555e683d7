-- Retrieval and the agent API: per-project retrieval defaults (granularity, guidelines template,
-- token budget), a retrieval log that records what was asked for and what was actually used,
-- which tips were selected and which were injected, one outcome per retrieval, provenance carried
-- in by a memory import, and API keys looked up per project.

ALTER TABLE "RetrievalSettings" ADD COLUMN "granularity" TEXT NOT NULL DEFAULT 'both';
ALTER TABLE "RetrievalSettings" ADD COLUMN "template" TEXT NOT NULL DEFAULT 'markdown';
ALTER TABLE "RetrievalSettings" ADD COLUMN "tokenBudget" INTEGER DEFAULT 2000;

-- "strategy" stays the strategy actually used; "requestedStrategy" differs from it after a fallback.
ALTER TABLE "RetrievalLog" ADD COLUMN "requestedStrategy" TEXT;
ALTER TABLE "RetrievalLog" ADD COLUMN "fallbackReason" TEXT;
ALTER TABLE "RetrievalLog" ADD COLUMN "settings" JSONB NOT NULL DEFAULT '{}';
-- Selected by ranking / rendered into the guidelines (the token budget may drop some selected ones).
ALTER TABLE "RetrievalLog" ADD COLUMN "tipIds" TEXT[];
ALTER TABLE "RetrievalLog" ADD COLUMN "injectedTipIds" TEXT[];
-- Lowercased application scope of the run (request filter, LLM-detected, injected tips' applications):
-- which runs are comparable for a tip's "success rate without it".
ALTER TABLE "RetrievalLog" ADD COLUMN "applications" TEXT[];
ALTER TABLE "RetrievalLog" ADD COLUMN "apiKeyId" UUID;
CREATE INDEX "RetrievalLog_tipIds_idx" ON "RetrievalLog" USING GIN ("tipIds");
CREATE INDEX "RetrievalLog_injectedTipIds_idx" ON "RetrievalLog" USING GIN ("injectedTipIds");
ALTER TABLE "RetrievalLog" ADD CONSTRAINT "RetrievalLog_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "ApiKey"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- One outcome per retrieval: a second report replaces the first.
ALTER TABLE "OutcomeReport" ADD COLUMN "notes" TEXT;
CREATE UNIQUE INDEX "OutcomeReport_retrievalLogId_key" ON "OutcomeReport"("retrievalLogId");

-- Provenance of an imported tip whose source trajectories live in another project or instance.
ALTER TABLE "Tip" ADD COLUMN "externalProvenance" JSONB;

CREATE INDEX "ApiKey_projectId_idx" ON "ApiKey"("projectId");
