// Display helpers for trajectory numbers; pure and locale-aware where the browser's locale matters.
import type { TokenUsage } from "@/lib/trajectory/schema";

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${String(Math.round(seconds % 60)).padStart(2, "0")}s`;
}

/** "1,200 in · 300 out · 800 cached · $0.0123"; null when nothing is known. */
export function formatTokens(tokens: TokenUsage | undefined | null): string | null {
  if (!tokens) return null;
  const parts = [
    tokens.inputTokens !== undefined ? `${tokens.inputTokens.toLocaleString("en-US")} in` : null,
    tokens.outputTokens !== undefined ? `${tokens.outputTokens.toLocaleString("en-US")} out` : null,
    tokens.cachedTokens ? `${tokens.cachedTokens.toLocaleString("en-US")} cached` : null,
    tokens.reasoningTokens ? `${tokens.reasoningTokens.toLocaleString("en-US")} reasoning` : null,
    tokens.costUsd !== undefined ? `$${tokens.costUsd.toFixed(tokens.costUsd < 1 ? 4 : 2)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** A fixed, timezone-explicit format for server rendering (no hydration mismatch). */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function formatLocal(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** Text that reads better in monospace: a diff or a fenced code block (e.g. a patch as the final answer). */
export function looksLikeCode(text: string): boolean {
  return /^(diff --git |--- a\/|\+\+\+ b\/|@@ -\d)/m.test(text) || text.includes("```");
}
