"use client";

import { useId, useState } from "react";
import { cn } from "@/components/ui/cn";

type CollapsibleTextProps = {
  text: string;
  /** Beyond this many lines (or `maxChars`) the text is cut and a "Show all" button appears. */
  maxLines?: number;
  maxChars?: number;
  /** Monospace, for tool output and code. */
  isMono?: boolean;
  className?: string;
  testId?: string;
};

/** Long untrusted text, rendered as text (React escapes it), collapsed to a preview when long. */
export function CollapsibleText({ text, maxLines = 20, maxChars = 2000, isMono = false, className, testId }: CollapsibleTextProps) {
  const [isExpanded, setIsExpanded] = useState(false);
  const id = useId();
  const lines = text.split("\n");
  const isLong = lines.length > maxLines || text.length > maxChars;
  const shown = isLong && !isExpanded ? preview(lines, maxLines, maxChars) : text;
  const Tag = isMono ? "pre" : "div";
  return (
    <div className={className} data-testid={testId}>
      <Tag
        id={id}
        className={cn(
          "break-words whitespace-pre-wrap",
          isMono ? "overflow-x-auto rounded bg-zinc-50 px-2.5 py-2 font-mono text-xs leading-5 text-zinc-800 ring-1 ring-zinc-200 ring-inset" : "text-sm",
        )}
      >
        {/* Inside <pre>, the HTML parser drops a first newline; <code> keeps it (and hydration matching). */}
        {isMono ? <code>{shown}</code> : shown}
        {isLong && !isExpanded ? <span className="text-zinc-400"> …</span> : null}
      </Tag>
      {isLong ? (
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={id}
          onClick={() => setIsExpanded((value) => !value)}
          className="mt-1 text-xs font-medium text-accent-700 hover:underline"
        >
          {isExpanded ? "Show less" : `Show all (${lines.length.toLocaleString()} ${lines.length === 1 ? "line" : "lines"}, ${text.length.toLocaleString()} chars)`}
        </button>
      ) : null}
    </div>
  );
}

function preview(lines: string[], maxLines: number, maxChars: number): string {
  return lines.slice(0, maxLines).join("\n").slice(0, maxChars);
}
