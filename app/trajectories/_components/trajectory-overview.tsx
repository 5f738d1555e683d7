import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CollapsibleText } from "@/components/trajectories/collapsible-text";
import { formatTokens, looksLikeCode } from "@/components/trajectories/format";
import { JsonView } from "@/components/trajectories/json-view";
import { LocalTime } from "@/components/trajectories/local-time";
import { OutcomeBadge } from "@/components/trajectories/outcome-badge";
import type { OutcomeLabel, OutcomeSource } from "./list-item";
import { describeAgent, readRunMetadata, remainingMetadata } from "./run-metadata";

export interface TrajectoryOverviewData {
  taskDescription: string;
  externalId: string | null;
  taskCategory: string | null;
  applications: string[];
  outcomeLabel: OutcomeLabel;
  outcomeSource: OutcomeSource;
  outcomeScore: number | null;
  outcomeDetails: unknown;
  finalAnswer: string | null;
  metadata: unknown;
  stepCount: number;
  errorCount: number;
  sourceFormat: string;
  createdAt: Date;
  upload: { fileName: string } | null;
}

/** Everything about a run except its steps: task, answer, outcome with its evidence, provenance. */
export function TrajectoryOverview({ trajectory, formatLabel }: { trajectory: TrajectoryOverviewData; formatLabel: string }) {
  const metadata = readRunMetadata(trajectory.metadata);
  const usage = formatTokens(metadata.usage);
  const more = remainingMetadata(metadata);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <Card>
          <CardHeader><CardTitle>Task</CardTitle></CardHeader>
          <CardBody>
            <CollapsibleText text={trajectory.taskDescription} maxLines={15} maxChars={3000} testId="trajectory-task" />
          </CardBody>
        </Card>
        <Card>
          <CardHeader><CardTitle>Final answer</CardTitle></CardHeader>
          <CardBody>
            {trajectory.finalAnswer ? (
              <CollapsibleText text={trajectory.finalAnswer} isMono={looksLikeCode(trajectory.finalAnswer)} maxLines={15} maxChars={3000} testId="trajectory-final-answer" />
            ) : (
              <p className="text-sm text-zinc-500">The run recorded no final answer.</p>
            )}
          </CardBody>
        </Card>
        {trajectory.outcomeDetails ? <Disclosure title="Outcome details" value={trajectory.outcomeDetails} /> : null}
        {metadata.systemPrompt ? (
          <details className="rounded-lg border border-zinc-200 bg-white px-4 py-2 text-sm">
            <summary className="cursor-pointer font-medium text-zinc-700">System prompt</summary>
            <CollapsibleText text={metadata.systemPrompt} isMono className="mt-2" />
          </details>
        ) : null}
        {more ? <Disclosure title="More metadata" value={more} /> : null}
      </div>
      <Card className="self-start" data-testid="trajectory-facts">
        <CardHeader><CardTitle>Run</CardTitle></CardHeader>
        <CardBody>
          <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
            <Fact label="Outcome">
              <OutcomeBadge label={trajectory.outcomeLabel} source={trajectory.outcomeSource} score={trajectory.outcomeScore} />
            </Fact>
            <Fact label="Applications">
              {trajectory.applications.length > 0 ? (
                <span className="flex flex-wrap gap-1">{trajectory.applications.map((app) => <Badge key={app}>{app}</Badge>)}</span>
              ) : null}
            </Fact>
            <Fact label="Steps">
              {trajectory.stepCount}
              {trajectory.errorCount > 0 ? <span className="text-red-700"> · {trajectory.errorCount} {trajectory.errorCount === 1 ? "error" : "errors"}</span> : null}
            </Fact>
            <Fact label="Format"><span title={trajectory.sourceFormat}>{formatLabel}</span></Fact>
            <Fact label="File">{trajectory.upload ? <span className="font-mono text-xs break-all">{trajectory.upload.fileName}</span> : null}</Fact>
            <Fact label="Model">{metadata.model ? <span className="font-mono text-xs">{metadata.model}</span> : null}</Fact>
            <Fact label="Agent">{describeAgent(metadata.agent)}</Fact>
            <Fact label="Usage">{usage}</Fact>
            <Fact label="Task id">{trajectory.externalId ? <span className="font-mono text-xs break-all">{trajectory.externalId}</span> : null}</Fact>
            <Fact label="Category">{trajectory.taskCategory}</Fact>
            <Fact label="Started">{metadata.startedAt ? <LocalTime iso={metadata.startedAt} /> : null}</Fact>
            <Fact label="Imported"><LocalTime iso={trajectory.createdAt.toISOString()} /></Fact>
          </dl>
        </CardBody>
      </Card>
    </div>
  );
}

/** One definition row; rows without a value are left out rather than shown empty. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <>
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-zinc-900">{children}</dd>
    </>
  );
}

function Disclosure({ title, value }: { title: string; value: unknown }) {
  return (
    <details className="rounded-lg border border-zinc-200 bg-white px-4 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-zinc-700">{title}</summary>
      <JsonView value={value} className="mt-2" />
    </details>
  );
}
