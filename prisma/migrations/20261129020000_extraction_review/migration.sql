-- One extraction run over one trajectory: the deterministic analysis, the LLM's outcome
-- classification and attribution, and what it cost. Tips point at the run that proposed them.
CREATE TABLE "Extraction" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "trajectoryId" UUID NOT NULL,
    "jobId" UUID,
    "granularity" TEXT NOT NULL,
    "extractor" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "analysis" JSONB,
    "outcomeCategory" TEXT,
    "outcomeInferred" BOOLEAN NOT NULL DEFAULT false,
    "attribution" JSONB,
    "subtasks" JSONB,
    "issues" JSONB,
    "llmCalls" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "Extraction_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Extraction_trajectoryId_createdAt_idx" ON "Extraction"("trajectoryId", "createdAt");
CREATE INDEX "Extraction_projectId_createdAt_idx" ON "Extraction"("projectId", "createdAt");
ALTER TABLE "Extraction" ADD CONSTRAINT "Extraction_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Extraction" ADD CONSTRAINT "Extraction_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tips: the run that proposed them, a fingerprint so a re-run never duplicates a proposal, the
-- evidence behind a heuristic tip, a reject reason, and a version for lost-update detection.
ALTER TABLE "Tip" ADD COLUMN "extractionId" UUID;
ALTER TABLE "Tip" ADD COLUMN "fingerprint" TEXT;
ALTER TABLE "Tip" ADD COLUMN "evidence" TEXT;
ALTER TABLE "Tip" ADD COLUMN "rejectReason" TEXT;
ALTER TABLE "Tip" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX "Tip_projectId_fingerprint_key" ON "Tip"("projectId", "fingerprint");
ALTER TABLE "Tip" ADD CONSTRAINT "Tip_extractionId_fkey" FOREIGN KEY ("extractionId") REFERENCES "Extraction"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Per-project switch, off by default: auto-approve unflagged proposals.
ALTER TABLE "Project" ADD COLUMN "autoApprove" BOOLEAN NOT NULL DEFAULT false;
