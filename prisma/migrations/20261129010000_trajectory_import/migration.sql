-- An explicit outcome label (from an outcome file or the user), distinct from a verifier's verdict.
ALTER TYPE "OutcomeSource" ADD VALUE IF NOT EXISTS 'label' BEFORE 'verifier';

-- What a file's import produced (counts, duplicates, issues), shown in the upload results.
ALTER TABLE "Upload" ADD COLUMN "result" JSONB;

-- Trajectory list filters and keyset paging stay fast at tens of thousands of rows.
CREATE INDEX "Trajectory_projectId_sourceFormat_idx" ON "Trajectory"("projectId", "sourceFormat");
CREATE INDEX "Trajectory_projectId_state_createdAt_id_idx" ON "Trajectory"("projectId", "state", "createdAt" DESC, "id" DESC);
CREATE INDEX "Trajectory_applications_idx" ON "Trajectory" USING GIN ("applications");

-- Lossless steps: the message text, the call id linking a call to its result, per-step model
-- and duration, and the source's own type name for unknown steps.
ALTER TABLE "TrajectoryStep" ADD COLUMN "text" TEXT;
ALTER TABLE "TrajectoryStep" ADD COLUMN "callId" TEXT;
ALTER TABLE "TrajectoryStep" ADD COLUMN "model" TEXT;
ALTER TABLE "TrajectoryStep" ADD COLUMN "durationMs" DOUBLE PRECISION;
ALTER TABLE "TrajectoryStep" ADD COLUMN "sourceType" TEXT;

-- Failed steps per trajectory, for the list view and filters without scanning steps.
ALTER TABLE "Trajectory" ADD COLUMN "errorCount" INTEGER NOT NULL DEFAULT 0;

-- The uploaded file itself, so the original is never lost even when step data is trimmed.
ALTER TABLE "Upload" ADD COLUMN "content" BYTEA;
