-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "vector";

-- CreateEnum
CREATE TYPE "OutcomeLabel" AS ENUM ('success', 'failure', 'unknown');
CREATE TYPE "OutcomeSource" AS ENUM ('verifier', 'judge', 'self_report', 'inferred', 'none');
CREATE TYPE "RecordState" AS ENUM ('active', 'archived');
CREATE TYPE "UploadStatus" AS ENUM ('pending', 'imported', 'failed');
CREATE TYPE "TipCategory" AS ENUM ('strategy', 'recovery', 'optimization');
CREATE TYPE "TipPriority" AS ENUM ('critical', 'high', 'medium', 'low');
CREATE TYPE "TipStatus" AS ENUM ('proposed', 'approved', 'rejected', 'merged', 'archived');
CREATE TYPE "TipGranularity" AS ENUM ('task', 'subtask');
CREATE TYPE "TipOrigin" AS ENUM ('llm', 'offline', 'manual', 'merge');
CREATE TYPE "ProposalStatus" AS ENUM ('proposed', 'accepted', 'overridden', 'rejected', 'reverted');
CREATE TYPE "JobStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'canceled');

-- CreateTable
CREATE TABLE "Project" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "archivedAt" TIMESTAMP(3),
    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Upload" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "fileName" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "detectedFormat" TEXT,
    "status" "UploadStatus" NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "Upload_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Trajectory" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "uploadId" UUID,
    "externalId" TEXT,
    "sourceFormat" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "taskDescription" TEXT NOT NULL,
    "applications" TEXT[],
    "taskCategory" TEXT,
    "outcomeLabel" "OutcomeLabel" NOT NULL DEFAULT 'unknown',
    "outcomeSource" "OutcomeSource" NOT NULL DEFAULT 'none',
    "outcomeScore" DOUBLE PRECISION,
    "outcomeDetails" JSONB,
    "finalAnswer" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "stepCount" INTEGER NOT NULL DEFAULT 0,
    "tokenCount" INTEGER,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "state" "RecordState" NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Trajectory_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "TrajectoryStep" (
    "id" UUID NOT NULL,
    "trajectoryId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "thought" TEXT,
    "actionKind" TEXT,
    "actionName" TEXT,
    "actionArgs" JSONB,
    "code" TEXT,
    "observation" TEXT,
    "isError" BOOLEAN NOT NULL DEFAULT false,
    "errorMessage" TEXT,
    "timestamp" TIMESTAMP(3),
    "tokens" JSONB,
    "raw" JSONB,
    CONSTRAINT "TrajectoryStep_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Subtask" (
    "id" UUID NOT NULL,
    "trajectoryId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "generalizedDescription" TEXT,
    "applications" TEXT[],
    "purpose" TEXT,
    "stepStart" INTEGER NOT NULL,
    "stepEnd" INTEGER NOT NULL,
    "clusterId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Subtask_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Tip" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "category" "TipCategory" NOT NULL,
    "content" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "steps" TEXT[],
    "trigger" TEXT NOT NULL,
    "negativeExample" TEXT,
    "application" TEXT,
    "taskCategory" TEXT,
    "priority" "TipPriority" NOT NULL DEFAULT 'medium',
    "granularity" "TipGranularity" NOT NULL DEFAULT 'task',
    "indexDescription" TEXT NOT NULL,
    "sourceOutcome" TEXT,
    "status" "TipStatus" NOT NULL DEFAULT 'proposed',
    "origin" "TipOrigin" NOT NULL DEFAULT 'llm',
    "flags" TEXT[],
    "subtaskId" UUID,
    "clusterId" UUID,
    "mergedIntoId" UUID,
    "llmCallId" UUID,
    "model" TEXT,
    "promptVersion" TEXT,
    "costUsd" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT,
    CONSTRAINT "Tip_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "TipSource" (
    "id" UUID NOT NULL,
    "tipId" UUID NOT NULL,
    "trajectoryId" UUID NOT NULL,
    "stepStart" INTEGER,
    "stepEnd" INTEGER,
    "outcomeLabel" "OutcomeLabel" NOT NULL DEFAULT 'unknown',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TipSource_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "TipEvent" (
    "id" UUID NOT NULL,
    "tipId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TipEvent_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ClusteringRun" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "mode" TEXT NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "linkage" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ClusteringRun_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Cluster" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "runId" UUID,
    "canonicalDescription" TEXT NOT NULL,
    "state" "RecordState" NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Cluster_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "MergeProposal" (
    "id" UUID NOT NULL,
    "clusterId" UUID NOT NULL,
    "status" "ProposalStatus" NOT NULL DEFAULT 'proposed',
    "sourceTipIds" TEXT[],
    "resultTipId" UUID,
    "proposedTip" JSONB NOT NULL,
    "diff" JSONB,
    "conflicts" JSONB,
    "llmCallId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedBy" TEXT,
    CONSTRAINT "MergeProposal_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Embedding" (
    "id" UUID NOT NULL,
    "projectId" UUID,
    "ownerType" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "dimension" INTEGER NOT NULL,
    "checksum" TEXT NOT NULL,
    "vector" vector NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Embedding_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "LlmCall" (
    "id" UUID NOT NULL,
    "projectId" UUID,
    "stage" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "inputHash" TEXT NOT NULL,
    "cacheKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "cacheHit" BOOLEAN NOT NULL DEFAULT false,
    "request" JSONB,
    "response" JSONB,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "latencyMs" INTEGER,
    "costUsd" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LlmCall_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Job" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "projectId" UUID,
    "payload" JSONB NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'queued',
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER,
    "currentItem" TEXT,
    "itemErrors" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "retryOfId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "heartbeatAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "RetrievalSettings" (
    "projectId" UUID NOT NULL,
    "strategy" TEXT NOT NULL DEFAULT 'cosine',
    "threshold" DOUBLE PRECISION NOT NULL DEFAULT 0.6,
    "topK" INTEGER,
    "approvedOnly" BOOLEAN NOT NULL DEFAULT true,
    "filters" JSONB NOT NULL DEFAULT '{}',
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedBy" TEXT,
    CONSTRAINT "RetrievalSettings_pkey" PRIMARY KEY ("projectId")
);

CREATE TABLE "RetrievalLog" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "strategy" TEXT NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "topK" INTEGER,
    "results" JSONB NOT NULL,
    "latencyMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RetrievalLog_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "OutcomeReport" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "retrievalLogId" UUID,
    "success" BOOLEAN NOT NULL,
    "score" DOUBLE PRECISION,
    "tipIds" TEXT[],
    "details" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OutcomeReport_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ApiKey" (
    "id" UUID NOT NULL,
    "projectId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "AppSetting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "AppSetting_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Project_slug_key" ON "Project"("slug");
CREATE INDEX "Upload_projectId_createdAt_idx" ON "Upload"("projectId", "createdAt");
CREATE INDEX "Trajectory_projectId_createdAt_idx" ON "Trajectory"("projectId", "createdAt");
CREATE INDEX "Trajectory_projectId_outcomeLabel_idx" ON "Trajectory"("projectId", "outcomeLabel");
CREATE UNIQUE INDEX "Trajectory_projectId_contentHash_key" ON "Trajectory"("projectId", "contentHash");
CREATE UNIQUE INDEX "TrajectoryStep_trajectoryId_index_key" ON "TrajectoryStep"("trajectoryId", "index");
CREATE INDEX "Subtask_clusterId_idx" ON "Subtask"("clusterId");
CREATE UNIQUE INDEX "Subtask_trajectoryId_index_key" ON "Subtask"("trajectoryId", "index");
CREATE INDEX "Tip_projectId_status_idx" ON "Tip"("projectId", "status");
CREATE INDEX "Tip_clusterId_idx" ON "Tip"("clusterId");
CREATE INDEX "TipSource_tipId_idx" ON "TipSource"("tipId");
CREATE INDEX "TipSource_trajectoryId_idx" ON "TipSource"("trajectoryId");
CREATE INDEX "TipEvent_tipId_createdAt_idx" ON "TipEvent"("tipId", "createdAt");
CREATE INDEX "Cluster_projectId_idx" ON "Cluster"("projectId");
CREATE INDEX "MergeProposal_clusterId_status_idx" ON "MergeProposal"("clusterId", "status");
CREATE INDEX "Embedding_projectId_model_ownerType_idx" ON "Embedding"("projectId", "model", "ownerType");
CREATE UNIQUE INDEX "Embedding_ownerType_ownerId_model_key" ON "Embedding"("ownerType", "ownerId", "model");
CREATE INDEX "LlmCall_cacheKey_status_idx" ON "LlmCall"("cacheKey", "status");
CREATE INDEX "LlmCall_projectId_createdAt_idx" ON "LlmCall"("projectId", "createdAt");
CREATE INDEX "Job_createdAt_idx" ON "Job"("createdAt");
CREATE INDEX "Job_projectId_name_idx" ON "Job"("projectId", "name");
CREATE INDEX "RetrievalLog_projectId_createdAt_idx" ON "RetrievalLog"("projectId", "createdAt");
CREATE INDEX "OutcomeReport_projectId_createdAt_idx" ON "OutcomeReport"("projectId", "createdAt");
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- AddForeignKey
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "TrajectoryStep" ADD CONSTRAINT "TrajectoryStep_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Subtask" ADD CONSTRAINT "Subtask_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Subtask" ADD CONSTRAINT "Subtask_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Tip" ADD CONSTRAINT "Tip_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Tip" ADD CONSTRAINT "Tip_subtaskId_fkey" FOREIGN KEY ("subtaskId") REFERENCES "Subtask"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Tip" ADD CONSTRAINT "Tip_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Tip" ADD CONSTRAINT "Tip_mergedIntoId_fkey" FOREIGN KEY ("mergedIntoId") REFERENCES "Tip"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "TipSource" ADD CONSTRAINT "TipSource_tipId_fkey" FOREIGN KEY ("tipId") REFERENCES "Tip"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TipSource" ADD CONSTRAINT "TipSource_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "TipEvent" ADD CONSTRAINT "TipEvent_tipId_fkey" FOREIGN KEY ("tipId") REFERENCES "Tip"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ClusteringRun" ADD CONSTRAINT "ClusteringRun_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Cluster" ADD CONSTRAINT "Cluster_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Cluster" ADD CONSTRAINT "Cluster_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ClusteringRun"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "MergeProposal" ADD CONSTRAINT "MergeProposal_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Embedding" ADD CONSTRAINT "Embedding_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LlmCall" ADD CONSTRAINT "LlmCall_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Job" ADD CONSTRAINT "Job_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RetrievalSettings" ADD CONSTRAINT "RetrievalSettings_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RetrievalLog" ADD CONSTRAINT "RetrievalLog_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OutcomeReport" ADD CONSTRAINT "OutcomeReport_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OutcomeReport" ADD CONSTRAINT "OutcomeReport_retrievalLogId_fkey" FOREIGN KEY ("retrievalLogId") REFERENCES "RetrievalLog"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
