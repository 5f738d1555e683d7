"use client";

import { useEffect } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

// Server errors arrive with a generic message and a digest (details stay in the server log).
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const digest = error instanceof Error && "digest" in error ? String(error.digest) : null;
  return (
    <div role="alert">
      <EmptyState
        className="mt-10 border-red-200"
        title="Something went wrong"
        description={
          <>
            <p>This page failed to load. Trying again often helps if the database or worker was restarting.</p>
            {digest ? (
              <p className="text-xs text-zinc-500">
                Reference for the server log: <code>{digest}</code>
              </p>
            ) : null}
          </>
        }
      >
        <Button variant="primary" onClick={() => retry()}>
          Try again
        </Button>
        <ButtonLink href="/">Back to the dashboard</ButtonLink>
      </EmptyState>
    </div>
  );
}
