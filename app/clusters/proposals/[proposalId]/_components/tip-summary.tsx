import Link from "next/link";
import type { ReactNode } from "react";
import { CategoryBadge, PriorityBadge, StatusBadge } from "@/components/tips/tip-badges";
import type { ProposalTipView } from "../../../_components/types";

/** One tip of a conflict or keep-apart proposal: its badges, advice and source outcomes. All text, never HTML. */
export function TipSummary({ tip, title, testId }: { tip: ProposalTipView; title: ReactNode; testId?: string }) {
  const outcomes = [...new Set(tip.sources.map((source) => source.outcomeLabel))];
  return (
    <article className="space-y-2 rounded-lg border border-zinc-200 bg-white px-4 py-3" data-testid={testId} data-tip-id={tip.id}>
      <header className="flex flex-wrap items-center gap-1.5">
        <h3 className="mr-1 text-sm font-semibold text-zinc-900">{title}</h3>
        <StatusBadge status={tip.status} />
        <PriorityBadge priority={tip.priority} />
        <CategoryBadge category={tip.category} />
        <Link href={`/tips/${tip.id}`} className="ml-auto font-mono text-xs text-accent-700 hover:underline">
          tip {tip.id.slice(0, 8)}
        </Link>
      </header>
      <p className="text-sm font-medium break-words whitespace-pre-wrap text-zinc-900">{tip.content}</p>
      <p className="text-sm break-words whitespace-pre-wrap text-zinc-700">
        <span className="text-xs text-zinc-400">Why </span>
        {tip.purpose}
      </p>
      {tip.steps.length > 0 ? (
        <ol className="list-decimal space-y-0.5 pl-5 text-sm text-zinc-800">
          {tip.steps.map((step, index) => (
            <li key={index} className="break-words">{step}</li>
          ))}
        </ol>
      ) : null}
      <p className="text-xs text-zinc-600">
        <span className="text-zinc-400">Apply when </span>
        {tip.trigger}
      </p>
      <p className="text-xs text-zinc-500">
        Sources: {tip.sources.length} ({outcomes.join(", ") || "none"}) · {tip.application ?? "generic"}
      </p>
    </article>
  );
}
