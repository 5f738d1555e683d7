-- Retrieval evaluation set: held-out tasks, each with the tips retrieval should return for it,
-- picked by hand ("manual") or derived from a trajectory of the project ("derived", one per
-- trajectory; the rule is in lib/retrieval/evaluation/derive.ts). "ignoredTipIds" are left out of
-- that task's evaluation (tips learned only from the task's own trajectory: leave-one-out).

CREATE TABLE "EvaluationTask" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "task" TEXT NOT NULL,
    "origin" TEXT NOT NULL DEFAULT 'manual',
    "trajectoryId" UUID,
    "expectedTipIds" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "ignoredTipIds" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT,
    CONSTRAINT "EvaluationTask_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "EvaluationTask_projectId_trajectoryId_key" ON "EvaluationTask"("projectId", "trajectoryId");
CREATE INDEX "EvaluationTask_projectId_createdAt_idx" ON "EvaluationTask"("projectId", "createdAt");
ALTER TABLE "EvaluationTask" ADD CONSTRAINT "EvaluationTask_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- A derived task outlives its trajectory being deleted (it keeps the task text).
ALTER TABLE "EvaluationTask" ADD CONSTRAINT "EvaluationTask_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE SET NULL ON UPDATE CASCADE;
