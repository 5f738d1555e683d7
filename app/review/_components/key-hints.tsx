import { Kbd } from "@/components/ui/kbd";
import { REVIEW_KEY_HINTS } from "./use-review-keys";

/** The shortcut reminder under the tabs. */
export function KeyHints({ keys = REVIEW_KEY_HINTS }: { keys?: [string, string][] }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500" data-testid="review-key-hints">
      {keys.map(([key, action]) => (
        <span key={key}>
          {key.split(" / ").map((part, index) => (
            <span key={part}>
              {index > 0 ? " / " : null}
              <Kbd>{part}</Kbd>
            </span>
          ))}{" "}
          {action}
        </span>
      ))}
    </p>
  );
}
