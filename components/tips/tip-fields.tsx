import type { ReactNode } from "react";
import { CollapsibleText } from "@/components/trajectories/collapsible-text";
import { LocalTime } from "@/components/trajectories/local-time";
import { ORIGIN_LABEL } from "./tip-badges";
import type { TipDetail } from "./types";

/** The advice itself: content, why, steps, when to apply, what not to do, and the evidence. All text, never HTML. */
export function TipText({ tip }: { tip: TipDetail }) {
  return (
    <div className="space-y-3">
      <CollapsibleText text={tip.content} maxLines={12} className="font-medium text-zinc-900" testId="tip-content" />
      <Labelled label="Why">
        <CollapsibleText text={tip.purpose} maxLines={8} className="text-zinc-700" testId="tip-purpose" />
      </Labelled>
      <Labelled label="Steps">
        {tip.steps.length > 0 ? (
          <ol className="list-decimal space-y-0.5 pl-5 text-sm text-zinc-800" data-testid="tip-steps">
            {tip.steps.map((step, index) => (
              <li key={index} className="break-words whitespace-pre-wrap">{step}</li>
            ))}
          </ol>
        ) : (
          <p className="text-xs text-zinc-500">No steps.</p>
        )}
      </Labelled>
      <Labelled label="Apply when">
        <CollapsibleText text={tip.trigger} maxLines={6} className="text-zinc-700" testId="tip-trigger" />
      </Labelled>
      {tip.negativeExample ? (
        <Labelled label="Do not">
          <CollapsibleText text={tip.negativeExample} maxLines={6} className="text-zinc-700" />
        </Labelled>
      ) : null}
      {tip.evidence ? (
        <Labelled label="Evidence">
          <CollapsibleText text={tip.evidence} maxLines={8} className="text-zinc-600" testId="tip-evidence" />
        </Labelled>
      ) : null}
      {tip.status === "rejected" ? (
        <Labelled label="Reject reason">
          <p className="text-sm text-red-800" data-testid="tip-reject-reason">{tip.rejectReason || "No reason given."}</p>
        </Labelled>
      ) : null}
    </div>
  );
}

/** Structured metadata: scope, granularity, what it is retrieved by, and what produced it at what cost. */
export function TipMeta({ tip }: { tip: TipDetail }) {
  return (
    <dl className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm" data-testid="tip-meta">
      <Fact label="Application">{tip.application ?? <span className="text-zinc-500">generic (any application)</span>}</Fact>
      <Fact label="Task category">{tip.taskCategory ?? <span className="text-zinc-500">any</span>}</Fact>
      <Fact label="Granularity">{tip.granularity}</Fact>
      <Fact label="Indexed by">
        <CollapsibleText text={tip.indexDescription} maxLines={3} maxChars={300} className="text-zinc-700" />
      </Fact>
      <Fact label="Source outcome">{tip.sourceOutcome ?? <span className="text-zinc-500">unknown</span>}</Fact>
      <Fact label="Extractor">{ORIGIN_LABEL[tip.origin]}</Fact>
      {tip.model || tip.promptVersion ? (
        <Fact label="Model">
          <span className="font-mono text-xs">{[tip.model, tip.promptVersion && `prompt ${tip.promptVersion}`].filter(Boolean).join(" · ")}</span>
        </Fact>
      ) : null}
      <Fact label="Cost">{tip.costUsd === null ? <span className="text-zinc-500">{tip.origin === "offline" ? "$0 (no LLM)" : "not recorded"}</span> : `$${tip.costUsd.toFixed(4)}`}</Fact>
      <Fact label="Changed">
        <span className="text-xs">
          v{tip.version} · {tip.updatedBy ?? "unknown"} · <LocalTime iso={tip.updatedAt} />
        </span>
      </Fact>
      <Fact label="Created">
        <LocalTime iso={tip.createdAt} className="text-xs" />
      </Fact>
      <Fact label="Id">
        <span className="font-mono text-xs break-all text-zinc-500">{tip.id}</span>
      </Fact>
    </dl>
  );
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <div className="mb-0.5 text-[11px] font-medium tracking-wide text-zinc-400 uppercase">{label}</div>
      {children}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-zinc-900">{children}</dd>
    </>
  );
}
