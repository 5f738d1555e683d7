// The format-neutral shape every span-like record (OTel span, Langfuse observation, LangSmith run)
// is read into, plus the tree work they share: parent links, time order, duplicate LLM wrappers.
import type { TokenUsage } from "../../schema";

export type SpanRole = "llm" | "tool" | "agent" | "other";

export interface ToolCallRef {
  id?: string;
  name: string;
  arguments?: unknown;
}

export interface SpanNode {
  id: string;
  parentId?: string;
  traceId?: string;
  name: string;
  role: SpanRole;
  startMs?: number;
  endMs?: number;
  /** Position in the source file: the tie-breaker for equal start times. */
  order: number;
  /** A lexicographic order key when the source has one (LangSmith dotted_order). */
  sortKey?: string;
  model?: string;
  /** LLM spans: the request messages (any supported shape). Other spans: the run's input. */
  input?: unknown;
  /** LLM spans: the response (any supported shape). Other spans: the run's output. */
  output?: unknown;
  systemPrompt?: string;
  /** Tool calls known from side fields when the output lacks them (Langfuse `toolCalls`). */
  toolCalls?: ToolCallRef[];
  tool?: { name?: string; callId?: string; args?: unknown; result?: unknown; isError?: boolean };
  agentName?: string;
  isError: boolean;
  errorMessage?: string;
  usage?: TokenUsage;
  raw: unknown;
}

/** Nodes grouped by trace id, in first-seen order (nodes without one share the "" group). */
export function groupByTrace(nodes: SpanNode[]): Map<string, SpanNode[]> {
  const groups = new Map<string, SpanNode[]>();
  for (const node of nodes) {
    const key = node.traceId ?? "";
    const group = groups.get(key);
    if (group) group.push(node);
    else groups.set(key, [node]);
  }
  return groups;
}

function compareSiblings(a: SpanNode, b: SpanNode): number {
  if (a.sortKey !== undefined && b.sortKey !== undefined && a.sortKey !== b.sortKey) return a.sortKey < b.sortKey ? -1 : 1;
  const aStart = a.startMs ?? Number.POSITIVE_INFINITY;
  const bStart = b.startMs ?? Number.POSITIVE_INFINITY;
  if (aStart !== bStart) return aStart - bStart;
  return a.order - b.order;
}

export interface SpanTree {
  roots: SpanNode[];
  children: Map<string, SpanNode[]>;
  /** Depth-first, parents before children, siblings by start time: the order steps are read in. */
  ordered: SpanNode[];
}

/** Rebuilds the tree from parent ids; spans whose parent is missing from the file become roots. */
export function buildTree(nodes: SpanNode[]): SpanTree {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const children = new Map<string, SpanNode[]>();
  const roots: SpanNode[] = [];
  for (const node of nodes) {
    const parent = node.parentId !== undefined && node.parentId !== node.id ? byId.get(node.parentId) : undefined;
    if (!parent) {
      roots.push(node);
      continue;
    }
    const list = children.get(parent.id);
    if (list) list.push(node);
    else children.set(parent.id, [node]);
  }
  roots.sort(compareSiblings);
  for (const list of children.values()) list.sort(compareSiblings);
  const ordered: SpanNode[] = [];
  const seen = new Set<string>();
  const visit = (node: SpanNode) => {
    if (seen.has(node.id)) return; // a parent cycle in a broken file must not loop forever
    seen.add(node.id);
    ordered.push(node);
    for (const child of children.get(node.id) ?? []) visit(child);
  };
  for (const root of roots) visit(root);
  // Nodes caught in a cycle have no root; keep them rather than lose data.
  for (const node of [...nodes].sort(compareSiblings)) visit(node);
  return { roots, children, ordered };
}

/**
 * Ids of LLM spans that only wrap another LLM span describing the same call (an agent framework's
 * "response" span around the SDK's "chat" span, Vercel's ai.generateText around doGenerate).
 * The innermost span is kept: it is the actual model call with per-call usage.
 */
export function nestedDuplicateLlms(tree: SpanTree): Set<string> {
  const drop = new Set<string>();
  const llmDescendants = (node: SpanNode): SpanNode[] => {
    const found: SpanNode[] = [];
    const stack = [...(tree.children.get(node.id) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as SpanNode;
      if (next.role === "llm") found.push(next);
      stack.push(...(tree.children.get(next.id) ?? []));
    }
    return found;
  };
  for (const node of tree.ordered) {
    if (node.role !== "llm") continue;
    const inner = llmDescendants(node).some((child) => sameModel(node, child) && overlaps(node, child));
    if (inner) drop.add(node.id);
  }
  return drop;
}

function sameModel(a: SpanNode, b: SpanNode): boolean {
  if (!a.model || !b.model) return true;
  const base = (model: string) => model.toLowerCase().replace(/^.*\//, "").replace(/-\d{4}-\d{2}-\d{2}$/, "");
  return base(a.model) === base(b.model) || base(a.model).startsWith(base(b.model)) || base(b.model).startsWith(base(a.model));
}

function overlaps(a: SpanNode, b: SpanNode): boolean {
  if (a.startMs === undefined || b.startMs === undefined) return true;
  const aEnd = a.endMs ?? a.startMs;
  const bEnd = b.endMs ?? b.startMs;
  return a.startMs <= bEnd && b.startMs <= aEnd;
}
