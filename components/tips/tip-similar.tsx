import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { CategoryBadge, PriorityBadge, StatusBadge } from "./tip-badges";
import type { SimilarityLabel, SimilarTip } from "./types";

const LABEL_TONE: Record<SimilarityLabel, BadgeTone> = { "likely duplicate": "warning", "possible conflict": "danger", related: "neutral" };
const LABEL_HINT: Record<SimilarityLabel, string> = {
  "likely duplicate": "Same category and at least 90% similar: probably the same advice",
  "possible conflict": "Close, and one of the two tips negates an action the other recommends (a heuristic: compare them)",
  related: "About the same thing; neither a duplicate nor a detected conflict",
};

/**
 * Tips close to this one by content embedding, best first: each with its similarity and whether it
 * looks like a duplicate, a conflict, or only related. `showStatus` for lists that mix statuses.
 */
export function TipSimilar({ similar, empty, testId = "tip-similar", showStatus = false }: { similar: SimilarTip[]; empty: string; testId?: string; showStatus?: boolean }) {
  if (similar.length === 0) return <p className="text-xs text-zinc-500">{empty}</p>;
  return (
    <ul className="space-y-1.5" data-testid={testId}>
      {similar.map((tip) => (
        <li key={tip.id} className="rounded border border-zinc-200 px-2 py-1.5 text-sm" data-testid="similar-tip" data-tip-id={tip.id} data-label={tip.label} data-similarity={tip.similarity}>
          <div className="mb-0.5 flex flex-wrap items-center gap-1.5 text-xs text-zinc-500">
            <span className="font-mono font-semibold text-zinc-800" title="Cosine similarity of content and purpose">{Math.round(tip.similarity * 100)}%</span>
            <Badge tone={LABEL_TONE[tip.label]} title={LABEL_HINT[tip.label]}>{tip.label}</Badge>
            {showStatus ? <StatusBadge status={tip.status} /> : null}
            <PriorityBadge priority={tip.priority} />
            <CategoryBadge category={tip.category} />
            <span>{tip.application ?? "generic"}</span>
            <Link href={`/tips/${tip.id}`} className="ml-auto font-medium text-accent-700 hover:underline">
              Open
            </Link>
          </div>
          <p className="line-clamp-3 break-words text-zinc-800">{tip.content}</p>
        </li>
      ))}
    </ul>
  );
}
