import type { ReactNode } from "react";
import { CategoryBadge, OriginBadge, PriorityBadge, StatusBadge } from "./tip-badges";
import { TipAttribution } from "./tip-attribution";
import { TipMeta, TipText } from "./tip-fields";
import { TipFlags } from "./tip-flags";
import { TipHistory } from "./tip-history";
import { TipProvenance } from "./tip-provenance";
import { TipSimilar } from "./tip-similar";
import type { SimilarTip, TipDetail } from "./types";

type TipDetailViewProps = {
  tip: TipDetail;
  similar: SimilarTip[];
  flaggedAgainst: SimilarTip[];
  onFilterTrajectory?: (trajectoryId: string) => void;
};

/** Everything about one tip, read-only; the review pane and the tip page put their actions above it. */
export function TipDetailView({ tip, similar, flaggedAgainst, onFilterTrajectory }: TipDetailViewProps) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={tip.status} />
        <PriorityBadge priority={tip.priority} />
        <CategoryBadge category={tip.category} />
        <OriginBadge origin={tip.origin} />
        <span className="text-xs text-zinc-500">{tip.granularity} level · {tip.application ?? "generic"}</span>
      </div>
      <TipText tip={tip} />
      <Section title={`Quality flags (${tip.flags.length})`}>
        <TipFlags flags={tip.flags} />
        {flaggedAgainst.length > 0 ? (
          <div className="mt-2">
            <h4 className="mb-1 text-xs text-zinc-600">Flagged against, when it was proposed</h4>
            <TipSimilar similar={flaggedAgainst} empty="" testId="tip-flagged-against" showStatus />
          </div>
        ) : null}
      </Section>
      <Section title={`Provenance (${tip.sources.length})`}>
        <TipProvenance sources={tip.sources} onFilterTrajectory={onFilterTrajectory} />
      </Section>
      <Section title={`Similar approved tips (${similar.length})`} hint="nearest by embedding: likely duplicate, possible conflict or related">
        <TipSimilar similar={similar} empty="No approved tip is at least 50% similar." />
      </Section>
      <Section title="Extraction">
        <TipAttribution extraction={tip.extraction} />
      </Section>
      <Section title="Details">
        <TipMeta tip={tip} />
      </Section>
      <TipHistory events={tip.events} />
    </div>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1.5 text-xs font-semibold text-zinc-700">
        {title}
        {hint ? <span className="font-normal text-zinc-400"> · {hint}</span> : null}
      </h3>
      {children}
    </section>
  );
}
