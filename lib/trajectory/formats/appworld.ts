// AppWorld `tasks/<id>/logs/environment_io.md` (FORMATS.md §2): every code cell the agent ran
// (```python) and the REPL's answer (the bare ``` block after it), under "### Environment
// Interaction N" headers ("### Execution N" in older runs). The instruction is NOT in this file
// (it lives in data/tasks/<id>/specs.json); the verdict is in sibling evaluation files (see
// outcomes/appworld-*.ts). What the file does hold is the agent's own complete_task report.
import type { StepInput } from "../schema";
import { StepListBuilder } from "../normalize/builder";
import type { FormatParser, ParseIssue } from "./types";
import { applicationsIn, executionErrorMessage, findCompletion, selfReportedOutcome, taskIdFromText } from "./appworld-code";

const HEADER = /^###\s+(?:Environment Interaction|Execution)\s+(\d+)\s*$/gm;
const FENCE = /^```\s*$/;
const CODE_FENCE = /^```([\w+-]*)\s*$/;

export const appworldFormat: FormatParser = {
  id: "appworld",
  label: "AppWorld environment_io.md",

  detect(doc) {
    if (doc.json !== undefined || doc.jsonl !== undefined) return 0;
    const head = doc.text.slice(0, 50_000);
    const hasHeader = /^###\s+(?:Environment Interaction|Execution)\s+\d+\s*$/m.test(head);
    if (!hasHeader) return 0;
    return /^```python\s*$/m.test(head) ? 0.95 : 0.6;
  },

  parse(doc) {
    const issues: ParseIssue[] = [];
    const text = doc.text.replace(/\r\n?/g, "\n");
    const headers = [...text.matchAll(HEADER)];
    if (headers.length === 0) {
      return { trajectories: [], issues: [{ severity: "error", message: "Not an AppWorld environment_io.md: no \"### Environment Interaction N\" headers." }] };
    }
    const builder = new StepListBuilder();
    headers.forEach((header, i) => {
      const start = header.index + header[0].length;
      const block = text.slice(start, headers[i + 1]?.index ?? text.length);
      const line = text.slice(0, header.index).split("\n").length;
      addCell(builder, block, Number(header[1]), line, issues);
    });
    const steps = builder.steps;
    const taskId = taskIdFromText(doc.fileName);
    issues.push({
      severity: "warning",
      message: `The task instruction is not in environment_io.md; it lives in data/tasks/${taskId ?? "<task_id>"}/specs.json (field "instruction").`,
    });
    const completion = findCompletion(steps);
    return {
      trajectories: [
        {
          task: { id: taskId, description: taskId ? `AppWorld task ${taskId}` : "AppWorld task", applications: applicationsIn(codesOf(steps)) },
          steps,
          finalAnswer: completion?.answer,
          outcome: selfReportedOutcome(completion),
          metadata: {
            sourceFormat: "appworld",
            sourceId: taskId,
            extra: { benchmark: "appworld", ...(completion?.answerExpression ? { answerExpression: completion.answerExpression } : {}) },
          },
        },
      ],
      issues,
    };
  },
};

/** One interaction block: the first code fence is the action; the rest, up to the block's last fence, the output. */
function addCell(builder: StepListBuilder, block: string, number: number, line: number, issues: ParseIssue[]): void {
  // The horizontal rule under the header sits before the first fence and is never read.
  const lines = block.split("\n");
  const open = lines.findIndex((l) => CODE_FENCE.test(l));
  const close = open === -1 ? -1 : lines.findIndex((l, i) => i > open && FENCE.test(l));
  if (open === -1 || close === -1) {
    issues.push({ severity: "warning", message: `Interaction ${number} has no complete code block; kept as an unknown step.`, line });
    builder.add({ kind: "unknown", sourceType: "environment_interaction", raw: block.trim() });
    return;
  }
  const code = lines.slice(open + 1, close).join("\n");
  const outOpen = lines.findIndex((l, i) => i > close && FENCE.test(l));
  const outClose = lines.findLastIndex((l, i) => i > outOpen && FENCE.test(l));
  const observation = outOpen !== -1 && outClose !== -1 ? lines.slice(outOpen + 1, outClose).join("\n") : undefined;
  const errorMessage = observation === undefined ? undefined : executionErrorMessage(observation);
  builder.add({
    kind: "code",
    language: CODE_FENCE.exec(lines[open]!)?.[1] || "python",
    code,
    thought: leadingComments(code),
    observation,
    isError: errorMessage !== undefined,
    errorMessage,
    raw: block.trim(),
  });
}

/** The comment lines that open a cell are the agent's reasoning for it (no other thought is logged). */
function leadingComments(code: string): string | undefined {
  const comments: string[] = [];
  for (const line of code.split("\n")) {
    const match = /^\s*#\s?(.*)$/.exec(line);
    if (!match) break;
    comments.push(match[1]!);
  }
  return comments.join("\n").trim() || undefined;
}

function codesOf(steps: StepInput[]): string[] {
  return steps.flatMap((s) => (s.kind === "code" ? [s.code] : []));
}
