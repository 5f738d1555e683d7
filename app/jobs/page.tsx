import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { JobsTable } from "./_components/jobs-table";
import { StartReembedButton } from "./_components/start-reembed-button";

export const metadata: Metadata = { title: "Jobs" };

export default function JobsPage() {
  return (
    <>
      <PageHeader
        testId="page-jobs"
        title="Jobs"
        description="Background work — imports, extraction, consolidation, embedding — with progress, errors per item, cancel and retry. Jobs keep running when you leave this page."
        actions={<StartReembedButton />}
      />
      <JobsTable />
    </>
  );
}
