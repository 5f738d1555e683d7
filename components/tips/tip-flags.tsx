import { cn } from "@/components/ui/cn";
import { BLOCKING_FLAGS, SIMILARITY_FLAGS, TIP_FLAGS } from "@/lib/review/quality-flags";

export function isBlockingFlag(flag: string): boolean {
  return (BLOCKING_FLAGS as readonly string[]).includes(flag);
}

function explain(flag: string): string {
  return flag in TIP_FLAGS ? TIP_FLAGS[flag as keyof typeof TIP_FLAGS] : "Flagged by a quality check";
}

/** Quality flags with what each means; blocking ones (injection, secrets, vague…) in red, similarity ones amber. */
export function TipFlags({ flags }: { flags: string[] }) {
  if (flags.length === 0) return <p className="text-xs text-zinc-500">No quality flags.</p>;
  const ordered = [...flags].sort((a, b) => Number(isBlockingFlag(b)) - Number(isBlockingFlag(a)));
  return (
    <ul className="space-y-1" data-testid="tip-flags">
      {ordered.map((flag) => {
        const isBlocking = isBlockingFlag(flag);
        return (
          <li
            key={flag}
            data-flag={flag}
            data-blocking={isBlocking ? "true" : "false"}
            className={cn(
              "rounded border px-2 py-1 text-xs",
              isBlocking ? "border-red-200 bg-red-50 text-red-800" : "border-amber-200 bg-amber-50 text-amber-900",
            )}
          >
            <span className="font-mono font-semibold">{flag}</span> — {explain(flag)}
            {isBlocking ? <span className="font-medium"> · never auto-approved</span> : <span> · {explainEffect(flag)}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function explainEffect(flag: string): string {
  return (SIMILARITY_FLAGS as readonly string[]).includes(flag) ? "not auto-approved: compare with the tip it resembles" : "informs only";
}

/** Compact marker for list rows: "2 flags", red when any blocks auto-approval. */
export function FlagCount({ flags }: { flags: string[] }) {
  if (flags.length === 0) return null;
  const isBlocking = flags.some(isBlockingFlag);
  return (
    <span className={cn("text-xs font-medium", isBlocking ? "text-red-700" : "text-amber-700")} title={flags.map((flag) => `${flag}: ${explain(flag)}`).join("\n")}>
      ⚑ {flags.length === 1 ? flags[0] : `${flags.length} flags`}
    </span>
  );
}
