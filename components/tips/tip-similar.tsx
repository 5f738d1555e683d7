import Link from "next/link";
import { CategoryBadge, PriorityBadge } from "./tip-badges";
import type { SimilarTip } from "./types";

/** Approved tips sharing key words with this one: check for a duplicate, or advice that contradicts it. */
export function TipSimilar({ similar }: { similar: SimilarTip[] }) {
  if (similar.length === 0) return <p className="text-xs text-zinc-500">No approved tip shares its key words.</p>;
  return (
    <ul className="space-y-1.5" data-testid="tip-similar">
      {similar.map((tip) => (
        <li key={tip.id} className="rounded border border-zinc-200 px-2 py-1.5 text-sm">
          <div className="mb-0.5 flex flex-wrap items-center gap-1.5 text-xs text-zinc-500">
            <PriorityBadge priority={tip.priority} />
            <CategoryBadge category={tip.category} />
            <span>{tip.application ?? "generic"}</span>
            <span>· {tip.sharedWords} shared words</span>
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
