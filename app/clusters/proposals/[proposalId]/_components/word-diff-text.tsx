import type { WordDiffPart } from "@/lib/consolidation/merge/word-diff";

/** A word diff as text: deleted words struck through in red, inserted ones in green (and said so to screen readers). */
export function WordDiffText({ parts, testId }: { parts: WordDiffPart[]; testId?: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap text-zinc-800" data-testid={testId}>
      {parts.map((part, index) => {
        const space = index < parts.length - 1 ? " " : "";
        if (part.op === "equal") return <span key={index}>{part.text + space}</span>;
        if (part.op === "delete") {
          return (
            <span key={index}>
              <del className="rounded-sm bg-red-100 text-red-800 decoration-red-400" data-testid="diff-delete">
                <span className="sr-only">removed: </span>
                {part.text}
              </del>
              {space}
            </span>
          );
        }
        return (
          <span key={index}>
            <ins className="rounded-sm bg-emerald-100 text-emerald-900 no-underline" data-testid="diff-insert">
              <span className="sr-only">added: </span>
              {part.text}
            </ins>
            {space}
          </span>
        );
      })}
    </p>
  );
}
