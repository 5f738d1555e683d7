-- Consolidation as reviewable, reversible proposals: runs with status and figures, clusters with
-- their members and similarity spread, proposals of three kinds with the state to revert to, and
-- remembered "not duplicates" decisions.
ALTER TABLE "Project" ADD COLUMN "autoAcceptMerges" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Project" ADD COLUMN "consolidationThreshold" DOUBLE PRECISION NOT NULL DEFAULT 0.85;
ALTER TABLE "Project" ADD COLUMN "consolidationLinkage" TEXT NOT NULL DEFAULT 'average';

ALTER TABLE "ClusteringRun" ADD COLUMN "method" TEXT NOT NULL DEFAULT 'offline';
ALTER TABLE "ClusteringRun" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'running';
ALTER TABLE "ClusteringRun" ADD COLUMN "jobId" UUID;
ALTER TABLE "ClusteringRun" ADD COLUMN "actor" TEXT;
ALTER TABLE "ClusteringRun" ADD COLUMN "stats" JSONB;
ALTER TABLE "ClusteringRun" ADD COLUMN "error" TEXT;
ALTER TABLE "ClusteringRun" ADD COLUMN "finishedAt" TIMESTAMP(3);
CREATE INDEX "ClusteringRun_projectId_createdAt_idx" ON "ClusteringRun"("projectId", "createdAt");

ALTER TABLE "Cluster" ADD COLUMN "canonicalSource" TEXT NOT NULL DEFAULT 'medoid';
ALTER TABLE "Cluster" ADD COLUMN "members" JSONB;
ALTER TABLE "Cluster" ADD COLUMN "size" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Cluster" ADD COLUMN "minSimilarity" DOUBLE PRECISION;
ALTER TABLE "Cluster" ADD COLUMN "meanSimilarity" DOUBLE PRECISION;

ALTER TABLE "MergeProposal" ADD COLUMN "projectId" UUID NOT NULL;
ALTER TABLE "MergeProposal" ADD COLUMN "runId" UUID;
ALTER TABLE "MergeProposal" ALTER COLUMN "clusterId" DROP NOT NULL;
ALTER TABLE "MergeProposal" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'merge';
ALTER TABLE "MergeProposal" ADD COLUMN "origin" TEXT NOT NULL DEFAULT 'offline';
ALTER TABLE "MergeProposal" ADD COLUMN "rule" TEXT;
ALTER TABLE "MergeProposal" ADD COLUMN "rationale" TEXT;
ALTER TABLE "MergeProposal" ADD COLUMN "priorState" JSONB;
ALTER TABLE "MergeProposal" ADD COLUMN "fingerprint" TEXT NOT NULL;
ALTER TABLE "MergeProposal" ADD COLUMN "decisionNote" TEXT;
ALTER TABLE "MergeProposal" DROP CONSTRAINT "MergeProposal_clusterId_fkey";
ALTER TABLE "MergeProposal" ADD CONSTRAINT "MergeProposal_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "MergeProposal" ADD CONSTRAINT "MergeProposal_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MergeProposal" ADD CONSTRAINT "MergeProposal_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ClusteringRun"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "MergeProposal_projectId_status_createdAt_idx" ON "MergeProposal"("projectId", "status", "createdAt");
CREATE INDEX "MergeProposal_projectId_fingerprint_idx" ON "MergeProposal"("projectId", "fingerprint");

CREATE TABLE "TipPairDecision" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "tipAId" UUID NOT NULL,
    "tipBId" UUID NOT NULL,
    "decision" TEXT NOT NULL DEFAULT 'distinct',
    "actor" TEXT NOT NULL,
    "proposalId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TipPairDecision_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "TipPairDecision_projectId_tipAId_tipBId_key" ON "TipPairDecision"("projectId", "tipAId", "tipBId");
ALTER TABLE "TipPairDecision" ADD CONSTRAINT "TipPairDecision_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
