"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ProposedTip } from "@/lib/consolidation/proposed-tip";
import type { ActionResult } from "@/lib/result";
import { useReviewer } from "../../../../review/_components/use-reviewer";
import { acceptEditedProposalAction, acceptProposalAction, rejectProposalAction, revertProposalAction } from "../../../actions";

export type DecisionMode = "view" | "reject" | "edit" | "revert";
type Decision = { kind: "accept" } | { kind: "edit"; edited: ProposedTip } | { kind: "reject"; note: string } | { kind: "revert"; note: string };
type Summary = { id: string; status: string; resultTipId: string | null };
type DecisionError = Extract<ActionResult<unknown>, { ok: false }>["error"];

function run(id: string, actor: string, decision: Decision): Promise<ActionResult<Summary>> {
  switch (decision.kind) {
    case "accept":
      return acceptProposalAction({ id, actor });
    case "edit":
      return acceptEditedProposalAction({ id, actor, ...decision.edited });
    case "reject":
      return rejectProposalAction({ id, actor, note: decision.note });
    case "revert":
      return revertProposalAction({ id, actor, note: decision.note });
  }
}

/**
 * Accept / edit-then-accept / reject / revert on one proposal. After a decision the page's server
 * data is read again (new tip, sources now merged); until then the decision stays pending.
 */
export function useProposalDecision(proposalId: string) {
  const router = useRouter();
  const [actor] = useReviewer();
  const [mode, setMode] = useState<DecisionMode>("view");
  const [isRefreshing, startRefresh] = useTransition();
  const mutation = useMutation({
    mutationFn: (decision: Decision) => run(proposalId, actor, decision),
    onSuccess: (result) => {
      if (!result.ok) return;
      setMode("view");
      startRefresh(() => router.refresh());
    },
  });
  const failed: DecisionError | null = mutation.data && !mutation.data.ok ? mutation.data.error : null;
  const thrown: DecisionError | null = mutation.error ? { code: "INTERNAL", message: "The server could not be reached. Retry." } : null;
  const isPending = mutation.isPending || isRefreshing;
  const decide = (decision: Decision) => {
    if (!isPending) mutation.mutate(decision);
  };
  return {
    actor,
    mode,
    isPending,
    pendingKind: isPending ? mutation.variables?.kind : undefined,
    error: failed ?? thrown,
    start: (next: Exclude<DecisionMode, "view">) => {
      mutation.reset();
      setMode(next);
    },
    cancel: () => {
      mutation.reset();
      setMode("view");
    },
    accept: () => decide({ kind: "accept" }),
    acceptEdited: (edited: ProposedTip) => decide({ kind: "edit", edited }),
    reject: (note: string) => decide({ kind: "reject", note }),
    revert: (note: string) => decide({ kind: "revert", note }),
  };
}

export type ProposalDecision = ReturnType<typeof useProposalDecision>;
