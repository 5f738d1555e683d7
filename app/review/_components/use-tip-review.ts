"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { tipKeys } from "@/components/tips/fetch-tips";
import type { TipStatus } from "@/components/tips/types";
import type { ActionResult } from "@/lib/result";
import { approveTipAction, editTipAction, rejectTipAction, undoTipAction } from "../actions";

export type ReviewMode = "view" | "reject" | "edit";
/** The editable fields as the edit form sends them (only the changed ones). */
export type TipEditValues = Partial<Omit<Parameters<typeof editTipAction>[0], "id" | "version" | "actor" | "approve">>;

type Decision =
  | { kind: "approve" }
  | { kind: "reject"; reason: string }
  | { kind: "edit"; edit: TipEditValues; approve: boolean }
  | { kind: "undo" };
type Variables = Decision & { id: string; version: number; actor: string };
type Summary = { id: string; version: number; status: string };
type ReviewError = Extract<ActionResult<unknown>, { ok: false }>["error"];

function run(variables: Variables): Promise<ActionResult<Summary>> {
  const { id, version, actor } = variables;
  switch (variables.kind) {
    case "approve":
      return approveTipAction({ id, version, actor });
    case "reject":
      return rejectTipAction({ id, version, actor, reason: variables.reason });
    case "edit":
      return editTipAction({ id, version, actor, approve: variables.approve, ...variables.edit });
    case "undo":
      return undoTipAction({ id, version, actor });
  }
}

type UseTipReviewArgs = {
  /** The tip the actions apply to, at the newest version this page has seen. */
  tip: { id: string; version: number } | null;
  actor: string;
  /** After a successful decision (before the refetch), e.g. to move the selection on. */
  onDecided?: (tipId: string, status: TipStatus) => void;
};

/**
 * Approve / reject / edit / undo on one tip. Every decision names the version it was made on; a
 * CONFLICT (someone changed it meanwhile) is shown with the server's message and a reload.
 */
export function useTipReview({ tip, actor, onDecided }: UseTipReviewArgs) {
  const queryClient = useQueryClient();
  const [modeState, setModeState] = useState<{ tipId: string | null; mode: ReviewMode }>({ tipId: null, mode: "view" });
  const mode: ReviewMode = tip && modeState.tipId === tip.id ? modeState.mode : "view";
  const setMode = (next: ReviewMode) => setModeState({ tipId: tip?.id ?? null, mode: next });

  const mutation = useMutation({
    mutationFn: run,
    onSuccess: async (result, variables) => {
      if (!result.ok) return;
      setModeState({ tipId: variables.id, mode: "view" });
      onDecided?.(variables.id, result.data.status as TipStatus);
      await queryClient.invalidateQueries({ queryKey: tipKeys.all });
    },
  });
  const isThisTip = mutation.variables?.id === tip?.id;
  const failed: ReviewError | null = mutation.data && !mutation.data.ok && isThisTip ? mutation.data.error : null;
  const thrown: ReviewError | null = mutation.error && isThisTip ? { code: "INTERNAL", message: "The server could not be reached. Retry." } : null;

  const decide = (decision: Decision) => {
    if (!tip || mutation.isPending) return;
    mutation.mutate({ ...decision, id: tip.id, version: tip.version, actor });
  };

  return {
    mode,
    isPending: mutation.isPending,
    pendingKind: mutation.isPending ? mutation.variables?.kind : undefined,
    error: failed ?? thrown,
    startReject: () => tip && setMode("reject"),
    startEdit: () => tip && setMode("edit"),
    cancel: () => {
      setMode("view");
      mutation.reset();
    },
    approve: () => decide({ kind: "approve" }),
    reject: (reason: string) => decide({ kind: "reject", reason }),
    save: (edit: TipEditValues, approve: boolean) => decide({ kind: "edit", edit, approve }),
    undo: () => decide({ kind: "undo" }),
    /** After a conflict: fetch the current version (an open edit keeps its text). */
    reload: async () => {
      mutation.reset();
      await queryClient.invalidateQueries({ queryKey: tipKeys.all });
    },
  };
}

export type TipReview = ReturnType<typeof useTipReview>;
