// Word-level diff (longest common subsequence) for the merge diff view. No diff library is
// installed; tips are a few sentences, so the O(n·m) table is small.

export interface WordDiffPart {
  op: "equal" | "insert" | "delete";
  /** The words of this run, joined by single spaces. */
  text: string;
}

/** Above this many table cells (e.g. two 700-word texts) the diff is "all deleted, all inserted". */
const MAX_CELLS = 500_000;

/** How `before` becomes `after`, word by word; consecutive words with the same op form one part. */
export function wordDiff(before: string, after: string): WordDiffPart[] {
  const a = words(before);
  const b = words(after);
  if (a.length * b.length > MAX_CELLS) return compact([...a.map((w) => part("delete", w)), ...b.map((w) => part("insert", w))]);
  // lcs[i][j] = length of the LCS of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const parts: WordDiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      parts.push(part("equal", a[i]!));
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      parts.push(part("delete", a[i++]!));
    } else {
      parts.push(part("insert", b[j++]!));
    }
  }
  while (i < a.length) parts.push(part("delete", a[i++]!));
  while (j < b.length) parts.push(part("insert", b[j++]!));
  return compact(parts);
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== "");
}

function part(op: WordDiffPart["op"], text: string): WordDiffPart {
  return { op, text };
}

function compact(parts: WordDiffPart[]): WordDiffPart[] {
  const out: WordDiffPart[] = [];
  for (const p of parts) {
    const last = out.at(-1);
    if (last && last.op === p.op) last.text = `${last.text} ${p.text}`;
    else out.push({ ...p });
  }
  return out;
}
