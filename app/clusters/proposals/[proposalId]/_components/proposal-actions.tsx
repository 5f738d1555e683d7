"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Kbd } from "@/components/ui/kbd";
import type { ProposalKindValue, ProposalStatus } from "../../../_components/types";
import type { ProposalDecision } from "./use-proposal-decision";

/** What each decision does, per kind: said next to the buttons, before anyone presses them. */
const ACCEPT_EFFECT: Record<ProposalKindValue, string> = {
  merge: "Accept creates the merged tip (approved) and marks the sources merged: kept and linked to it, no longer retrieved.",
  conflict: "Accept archives the losing tip, linked to the winner; the winner is unchanged.",
  keep: "Accept remembers these tips as not duplicates: they are not proposed for merging again.",
};
const REJECT_EFFECT: Record<ProposalKindValue, string> = {
  merge: "Rejecting a merge remembers the tips as “not duplicates”: the same merge is not proposed again.",
  conflict: "Rejecting leaves both tips as they are.",
  keep: "Rejecting changes nothing; a later run may propose merging them.",
};
export const REVERT_EFFECT =
  "Revert restores the exact prior state: every tip this decision touched gets back its status and merge link (recorded in its history), and a merged tip it created is archived.";

type ProposalActionsProps = {
  kind: ProposalKindValue;
  status: ProposalStatus;
  decision: ProposalDecision;
};

/** Accept / Edit then accept / Reject for an open proposal; Revert for an accepted one. */
export function ProposalActions({ kind, status, decision }: ProposalActionsProps) {
  const isOpen = status === "proposed";
  const canRevert = status === "accepted" || status === "overridden";
  const { mode, isPending, pendingKind } = decision;
  return (
    <div className="space-y-2" data-testid="proposal-actions">
      {mode === "reject" ? (
        <NotePrompt label="Reject proposal" placeholder="Note (optional) — Enter rejects, Esc cancels" confirm="Reject" pendingLabel="Rejecting…" variant="danger" testId="reject" decision={decision} onConfirm={decision.reject} />
      ) : mode === "revert" ? (
        <NotePrompt label="Revert proposal" placeholder="Why revert? (optional) — Enter reverts, Esc cancels" confirm="Revert" pendingLabel="Reverting…" variant="danger" testId="revert" decision={decision} onConfirm={decision.revert} />
      ) : isOpen ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <Button variant="primary" size="sm" onClick={decision.accept} disabled={isPending || mode === "edit"} data-testid="proposal-accept">
            {pendingKind === "accept" ? "Accepting…" : "Accept"} <Kbd className="border-accent-400 bg-accent-500 text-white shadow-none">a</Kbd>
          </Button>
          {kind === "merge" ? (
            <Button size="sm" onClick={() => decision.start("edit")} disabled={isPending || mode === "edit"} data-testid="proposal-edit">
              Edit, then accept <Kbd>e</Kbd>
            </Button>
          ) : null}
          <Button size="sm" onClick={() => decision.start("reject")} disabled={isPending || mode === "edit"} data-testid="proposal-reject">
            Reject <Kbd>r</Kbd>
          </Button>
        </div>
      ) : canRevert ? (
        <Button size="sm" onClick={() => decision.start("revert")} disabled={isPending} data-testid="proposal-revert">
          Revert…
        </Button>
      ) : null}
      <p className="text-xs text-zinc-500" data-testid="proposal-effects">
        {mode === "revert" || (!isOpen && canRevert) ? REVERT_EFFECT : isOpen ? `${ACCEPT_EFFECT[kind]} ${REJECT_EFFECT[kind]}` : "This proposal is decided; nothing is left to do."}
      </p>
      {decision.error ? (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-2.5 py-1.5 text-xs text-red-800" data-testid="proposal-error">
          {decision.error.message}
        </p>
      ) : null}
    </div>
  );
}

type NotePromptProps = {
  label: string;
  placeholder: string;
  confirm: string;
  pendingLabel: string;
  variant: "danger" | "primary";
  testId: string;
  decision: ProposalDecision;
  onConfirm: (note: string) => void;
};

/** An optional note, then the decision: Enter confirms, Esc cancels. */
function NotePrompt({ label, placeholder, confirm, pendingLabel, variant, testId, decision, onConfirm }: NotePromptProps) {
  const [note, setNote] = useState("");
  return (
    <form
      className="flex flex-wrap items-center gap-1.5"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(note);
      }}
    >
      <label htmlFor={`${testId}-note`} className="sr-only">
        {label}: note (optional)
      </label>
      <Input
        id={`${testId}-note`}
        autoFocus
        value={note}
        maxLength={1000}
        placeholder={placeholder}
        onChange={(event) => setNote(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            decision.cancel();
          }
        }}
        className="h-7 min-w-64 flex-1 text-xs"
        data-testid={`${testId}-note`}
      />
      <Button type="submit" size="sm" variant={variant} disabled={decision.isPending} data-testid={`${testId}-confirm`}>
        {decision.isPending ? pendingLabel : confirm}
      </Button>
      <Button size="sm" variant="ghost" onClick={decision.cancel} disabled={decision.isPending}>
        Cancel
      </Button>
    </form>
  );
}
