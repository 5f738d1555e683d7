"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { queryKeys } from "@/lib/query-keys";
import { startReembedAction } from "../actions";

/** Starts the re-embedding job: needed after changing the embedding model in Settings. */
export function StartReembedButton() {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => startReembedAction({ force: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
  });
  return (
    <div className="flex items-center gap-2">
      {start.data && !start.data.ok ? (
        <span role="alert" className="text-sm text-red-700">
          {start.data.error.message}
        </span>
      ) : null}
      <Button variant="primary" onClick={() => start.mutate()} disabled={start.isPending} data-testid="start-reembed">
        {start.isPending ? "Starting…" : "Re-embed project texts"}
      </Button>
    </div>
  );
}
