"use server";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { LinkageSchema } from "@/lib/consolidation/cluster/linkage";
import { proposedTipSchema } from "@/lib/consolidation/proposed-tip";
import { consolidationSettingsSchema, updateConsolidationSettings } from "@/lib/db/projects";
import { acceptConsolidationProposal as acceptProposal, rejectConsolidationProposal as rejectProposal, revertConsolidationProposal as revertProposal } from "@/lib/consolidation/decide-proposal";
import { AppError } from "@/lib/errors";
import { consolidateProjectJob } from "@/lib/jobs/consolidate-project";
import { enqueueJob } from "@/lib/jobs/queue";
import { isLlmConfigured } from "@/lib/llm/openai-sdk";
import { getEffectiveLlmConfig } from "@/lib/settings/llm-settings";
import { findActiveConsolidationJob } from "./_components/active-job";

const actorSchema = z.string().trim().min(1, "Say who is reviewing.").max(100);
const noteSchema = z.string().trim().max(1000).nullish().transform((note) => note || null);
const decisionSchema = z.object({ id: z.uuid(), actor: actorSchema, note: noteSchema });

/** Small result: the pages re-read the proposal after each decision. */
const summary = (proposal: { id: string; status: string; resultTipId: string | null }) => ({ id: proposal.id, status: proposal.status, resultTipId: proposal.resultTipId });

export const acceptProposalAction = defineAction(decisionSchema, async (input) => summary(await acceptProposal(input)));

// The edited fields sit at the top level of the input so that field errors name them ("content").
export const acceptEditedProposalAction = defineAction(proposedTipSchema.extend(decisionSchema.shape), async ({ id, actor, note, ...edited }) =>
  summary(await acceptProposal({ id, actor, note, edited })),
);

export const rejectProposalAction = defineAction(decisionSchema, async (input) => summary(await rejectProposal(input)));

export const revertProposalAction = defineAction(decisionSchema, async (input) => summary(await revertProposal(input)));

export const startConsolidationAction = defineAction(
  z.object({
    projectId: z.uuid(),
    method: z.enum(["llm", "offline"]),
    threshold: z.number().gt(0, "The threshold must be above 0.").max(1, "The threshold is at most 1."),
    linkage: LinkageSchema,
    actor: actorSchema.default("reviewer"),
  }),
  async (input) => {
    if (input.method === "llm" && !isLlmConfigured(await getEffectiveLlmConfig())) {
      throw new AppError("LLM_NOT_CONFIGURED", { userMessage: "No LLM endpoint is configured. Set one in Settings, or consolidate offline." });
    }
    const running = await findActiveConsolidationJob({ projectId: input.projectId });
    if (running) throw new AppError("CONFLICT", { userMessage: `A consolidation of this project is already ${running.status} (job ${running.id.slice(0, 8)}).` });
    return { jobId: await enqueueJob(consolidateProjectJob, input) };
  },
);

export const saveConsolidationSettingsAction = defineAction(consolidationSettingsSchema.extend({ projectId: z.uuid() }), async ({ projectId, ...settings }) =>
  updateConsolidationSettings({ id: projectId, ...settings }),
);
