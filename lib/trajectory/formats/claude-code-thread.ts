// Claude Code writes a DAG (parentUuid), not a list. Rewinds/edits leave abandoned branches,
// compaction restarts the chain (parentUuid null + logicalParentUuid), and one API response is
// written as several lines (one per content block) whose parallel tool_use lines and their results
// can hang off sibling branches. This picks the user/assistant lines of the conversation the user
// ended up with — the chain ending at the last leaf plus those siblings — in file (= time) order.

/** One JSONL line of a Claude Code session (objects only). */
export interface CcLine {
  line: number;
  value: Record<string, unknown>;
}

const CONVERSATION_TYPES = new Set(["user", "assistant"]);

export function asString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The content blocks of a line's message (a string content counts as one text block). */
export function contentBlocks(line: CcLine): Record<string, unknown>[] {
  const content = asRecord(line.value.message)?.content;
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? content.map(asRecord).filter((b): b is Record<string, unknown> => b !== undefined) : [];
}

export function messageId(line: CcLine): string | undefined {
  return asString(asRecord(line.value.message)?.id);
}

/** The user/assistant lines of the active branch, in file order. */
export function selectActiveThread(lines: CcLine[]): CcLine[] {
  const conversation = lines.filter((l) => CONVERSATION_TYPES.has(String(l.value.type)));
  // Very old / third-party-rewritten files carry no links: the file order is all there is.
  const linked = conversation.every((l) => asString(l.value.uuid) && "parentUuid" in l.value);
  if (!linked || conversation.length === 0) return conversation;

  const byUuid = new Map<string, CcLine>();
  for (const l of lines) {
    const uuid = asString(l.value.uuid);
    if (uuid) byUuid.set(uuid, l);
  }
  const keep = walkToRoot(conversation.at(-1) as CcLine, byUuid, conversation);
  addSiblingBlocks(conversation, keep);
  return conversation.filter((l) => keep.has(l));
}

/** Ancestors of the leaf. A dangling parent (history written to another file) keeps everything before it. */
function walkToRoot(leaf: CcLine, byUuid: Map<string, CcLine>, conversation: CcLine[]): Set<CcLine> {
  const keep = new Set<CcLine>();
  let current: CcLine | undefined = leaf;
  while (current && !keep.has(current)) {
    keep.add(current);
    const parent: string | undefined = asString(current.value.parentUuid) ?? asString(current.value.logicalParentUuid);
    const next: CcLine | undefined = parent ? byUuid.get(parent) : undefined;
    if (parent && !next) {
      const stop = current.line;
      for (const l of conversation) if (l.line < stop) keep.add(l);
      break;
    }
    current = next;
  }
  return keep;
}

/** Lines of the same API response (shared message.id) and the tool results answering its tool_use blocks. */
function addSiblingBlocks(conversation: CcLine[], keep: Set<CcLine>): void {
  const responseIds = new Set<string>();
  for (const l of keep) {
    const id = l.value.type === "assistant" ? messageId(l) : undefined;
    if (id) responseIds.add(id);
  }
  const toolUseIds = new Set<string>();
  for (const l of conversation) {
    if (l.value.type !== "assistant") continue;
    const id = messageId(l);
    if (!keep.has(l) && !(id && responseIds.has(id))) continue;
    keep.add(l);
    for (const block of contentBlocks(l)) if (block.type === "tool_use" && asString(block.id)) toolUseIds.add(block.id as string);
  }
  for (const l of conversation) {
    if (l.value.type !== "user" || keep.has(l)) continue;
    const answers = contentBlocks(l).some((b) => b.type === "tool_result" && toolUseIds.has(String(b.tool_use_id)));
    if (answers) keep.add(l);
  }
}
