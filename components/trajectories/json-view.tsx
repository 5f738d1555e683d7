import { CollapsibleText } from "./collapsible-text";

/** Pretty-printed JSON (2-space indent); strings are shown as they are, not re-quoted. */
export function formatJson(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value); // cyclic or BigInt: never crash the page over a display
  }
}

type JsonViewProps = {
  value: unknown;
  maxLines?: number;
  maxChars?: number;
  className?: string;
  testId?: string;
};

/** A JSON value as monospace text, collapsed when long. */
export function JsonView({ value, maxLines = 30, maxChars = 4000, className, testId }: JsonViewProps) {
  return <CollapsibleText text={formatJson(value)} isMono maxLines={maxLines} maxChars={maxChars} className={className} testId={testId} />;
}
