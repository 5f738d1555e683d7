// Small readers shared by the agent-run importers (SWE-agent, mini-swe-agent, OpenHands, ATIF):
// field access on untrusted JSON, the task text inside benchmark prompt templates, and ids from
// file names. Kept here so each importer reads as a mapping, not as defensive plumbing.
import type { TokenUsage } from "../schema";
import type { ParseIssue } from "./types";

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asObj(value: unknown): Obj | undefined {
  return isObj(value) ? value : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-blank string, else undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** A finite number, also from a numeric string ("0.28" execution times in old SWE-agent files). */
export function num(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/** Ids are strings in the model; sources use numbers too (OpenHands event ids, ATIF step ids). */
export function idString(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return str(value);
}

/** "dir/django__django-16255.traj.json" → "django__django-16255": benchmark files are named by instance id. */
export function fileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const stem = base.split(".")[0] ?? base;
  return stem || base;
}

/** Windows line endings from terminal captures make diffs and displays noisy; the raw keeps them. */
export function unixNewlines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** Unix seconds (mini-swe-agent `extra.timestamp`) or an ISO string, as ISO 8601. */
export function isoTimestamp(value: unknown): string | undefined {
  if (typeof value === "string" && value.trim() !== "") return value;
  if (typeof value === "number" && Number.isFinite(value) && value > 0) {
    const ms = value < 1e11 ? value * 1000 : value;
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  return undefined;
}

// Benchmark harnesses wrap the task in long instruction templates; the task itself is what a
// reader (and the lesson extractor) needs. Each pattern is a template seen in the wild.
const TASK_TEMPLATES: RegExp[] = [
  /<pr_description>\s*(?:Consider the following PR description:\s*)?([\s\S]*?)\s*<\/pr_description>/i, // SWE-agent 1.x, mini-swe-agent swebench
  /<issue_description>\s*([\s\S]*?)\s*<\/issue_description>/i,
  /\bISSUE:\n([\s\S]*?)\n+INSTRUCTIONS:/, // SWE-agent 0.x / function-calling templates
  /^Task Description:\n([\s\S]*?)\n+Current terminal state:/m, // Harbor Terminus
  /^Please solve this issue: ([\s\S]*?)\n+You can execute bash commands/m, // mini-swe-agent default
];

/** The task inside a known prompt template, or the whole text when no template matches. */
export function extractTaskText(prompt: string): { text: string; extracted: boolean } {
  const normalized = unixNewlines(prompt);
  for (const template of TASK_TEMPLATES) {
    const inner = template.exec(normalized)?.[1]?.trim();
    if (inner) return { text: inner, extracted: true };
  }
  return { text: normalized.trim(), extracted: false };
}

/** SWE-agent / mini-swe-agent `info.model_stats`. All-zero stats come from replays, not real runs, so they are dropped. */
export function usageFromModelStats(stats: unknown): TokenUsage | undefined {
  const s = asObj(stats);
  if (!s) return undefined;
  const usage: TokenUsage = {};
  const cost = num(s.instance_cost);
  const sent = num(s.tokens_sent);
  const received = num(s.tokens_received);
  if (cost !== undefined && cost > 0) usage.costUsd = cost;
  if (sent !== undefined && sent > 0) usage.inputTokens = Math.round(sent);
  if (received !== undefined && received > 0) usage.outputTokens = Math.round(received);
  return Object.keys(usage).length > 0 ? usage : undefined;
}

/** Drops undefined values so goldens and stored metadata stay free of empty keys. */
export function compact<T extends Obj>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}

export function errorIssue(message: string, path?: string): ParseIssue {
  return path ? { severity: "error", message, path } : { severity: "error", message };
}

export function warningIssue(message: string, path?: string): ParseIssue {
  return path ? { severity: "warning", message, path } : { severity: "warning", message };
}
