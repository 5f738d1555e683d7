"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { tipKeys } from "@/components/tips/fetch-tips";
import type { TipListItem } from "@/components/tips/types";
import { bulkDecideAction } from "../actions";

type BulkBarProps = {
  selected: TipListItem[];
  actor: string;
  /** After the server answered: the tips decided, and a summary line. */
  onDone: (done: string[], message: string) => void;
  onClear: () => void;
};

/** Approve or reject every checked tip; each succeeds or fails on its own (a conflict names the tip). */
export function BulkBar({ selected, actor, onDone, onClear }: BulkBarProps) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const bulk = useMutation({
    mutationFn: (decision: "approve" | "reject") =>
      bulkDecideAction({ tips: selected.map(({ id, version }) => ({ id, version })), actor, decision, reason: decision === "reject" ? reason : null }),
    onSuccess: async (result, decision) => {
      if (!result.ok) return;
      onDone(result.data.done, `${decision === "reject" ? "Rejected" : "Approved"} ${result.data.done.length} ${result.data.done.length === 1 ? "tip" : "tips"}.`);
      setReason("");
      await queryClient.invalidateQueries({ queryKey: tipKeys.all });
    },
  });
  const result = bulk.data;
  const verb = bulk.variables === "reject" ? "Rejected" : "Approved";
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2 rounded-lg border border-accent-200 bg-accent-50 px-3 py-2 text-sm" data-testid="bulk-bar" role="region" aria-label="Bulk actions">
      <span className="font-medium text-accent-900">{selected.length} selected</span>
      <Button size="sm" variant="primary" onClick={() => bulk.mutate("approve")} disabled={bulk.isPending || selected.length === 0} data-testid="bulk-approve">
        Approve all
      </Button>
      <div className="w-56">
        <Input value={reason} onChange={(event) => setReason(event.target.value)} placeholder="Reject reason (optional)" aria-label="Reason for rejecting the selected tips" maxLength={1000} className="h-7 text-xs" />
      </div>
      <Button size="sm" variant="danger" onClick={() => bulk.mutate("reject")} disabled={bulk.isPending || selected.length === 0} data-testid="bulk-reject">
        Reject all
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear} disabled={bulk.isPending}>
        Clear selection
      </Button>
      <span role="status" className="text-xs" data-testid="bulk-error">
        {bulk.isPending ? <span className="text-zinc-600">Working…</span> : null}
        {result?.ok && result.data.failed.length > 0 ? (
          <span className="text-red-700">
            {verb} {result.data.done.length}; {result.data.failed.length} failed (still selected): {result.data.failed.map((failure) => failure.error).join(" · ")}
          </span>
        ) : null}
        {result && !result.ok ? <span className="text-red-700">{result.error.message}</span> : null}
        {bulk.isError ? <span className="text-red-700">The server could not be reached. Retry.</span> : null}
      </span>
    </div>
  );
}
