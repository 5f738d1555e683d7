import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { UploadIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Trajectories" };

export default function TrajectoriesPage() {
  return (
    <>
      <PageHeader
        testId="page-trajectories"
        title="Trajectories"
        description="Agent runs, normalized into one step model: messages, reasoning, tool calls and results."
      />
      <EmptyState
        icon={<UploadIcon className="size-5" />}
        title="No trajectories yet"
        description={
          <>
            <p>
              Upload agent logs (JSON, JSONL or a zip of many files) to get started. Each run is normalized and
              shown here with its steps, outcome and source format; extraction then proposes tips from it.
            </p>
            <p>Agent runtimes will also be able to post finished runs over the HTTP API.</p>
          </>
        }
      />
    </>
  );
}
