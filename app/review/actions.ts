"use server";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { approveTip, bulkDecide, editTip, rejectTip, tipEditSchema, undoLastDecision } from "@/lib/review/review-tip";

// Every decision names the version the reviewer saw: a stale one is refused (CONFLICT) instead
// of silently overwriting someone else's change.
const decisionSchema = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  actor: z.string().trim().min(1, "Say who is reviewing.").max(100),
});
const reasonSchema = z.string().trim().max(1000).nullish().transform((reason) => reason || null);

/** Small result: the list and detail are refetched after each decision. */
const summary = (tip: { id: string; version: number; status: string }) => ({ id: tip.id, version: tip.version, status: tip.status });

export const approveTipAction = defineAction(decisionSchema, async (input) => summary(await approveTip(input)));

export const rejectTipAction = defineAction(decisionSchema.extend({ reason: reasonSchema }), async (input) => summary(await rejectTip(input)));

// The edited fields sit at the top level of the input so that field errors name them ("content").
export const editTipAction = defineAction(
  tipEditSchema.extend(decisionSchema.shape).extend({ approve: z.boolean().default(false) }),
  async ({ id, version, actor, approve, ...edit }) => summary(await editTip({ id, version, actor, edit, approve })),
);

export const undoTipAction = defineAction(decisionSchema, async (input) => summary(await undoLastDecision(input)));

export const bulkDecideAction = defineAction(
  z.object({
    tips: z.array(decisionSchema.pick({ id: true, version: true })).min(1, "Select at least one tip.").max(500),
    actor: decisionSchema.shape.actor,
    decision: z.enum(["approve", "reject"]),
    reason: reasonSchema,
  }),
  bulkDecide,
);
