// Pure repair of a model's segmentation into contiguous subtasks that cover every step exactly
// once. Each correction is an issue; step numbers outside the trajectory never crash anything.
import { MAX_SUBTASKS } from "../budgets";
import { clampRange, type ExtractionIssue } from "../issues";
import type { Subtask } from "./schema";

export function validateSubtasks(subtasks: Subtask[], stepCount: number, issues: ExtractionIssue[]): Subtask[] {
  const report = (message: string) => issues.push({ stage: "segmentation", message });
  if (stepCount === 0) return [];
  const bounds = { stepStart: 0, stepEnd: stepCount - 1 };
  const usable: Subtask[] = [];
  subtasks.forEach((subtask, i) => {
    const where = `Subtask ${i + 1}`;
    const description = subtask.description.trim();
    if (!description) return report(`${where} has no description and was dropped.`);
    const range = clampRange(subtask, bounds, where, "segmentation", issues);
    if (range) usable.push({ ...subtask, ...range, description, applications: normalizeApps(subtask.applications) });
  });
  const sorted = [...usable].sort((a, b) => a.stepStart - b.stepStart || a.stepEnd - b.stepEnd);
  if (sorted.some((s, i) => s !== usable[i])) report("Subtasks were not in step order and were sorted.");
  const contiguous = removeOverlapsAndGaps(sorted, report);
  const first = contiguous[0];
  const last = contiguous.at(-1);
  if (!first || !last) {
    report("No usable subtask was returned.");
    return [];
  }
  if (first.stepStart > 0) {
    report(`Steps 0–${first.stepStart - 1} were not covered and were added to the first subtask.`);
    first.stepStart = 0;
  }
  if (last.stepEnd < bounds.stepEnd) {
    report(`Steps ${last.stepEnd + 1}–${bounds.stepEnd} were not covered and were added to the last subtask.`);
    last.stepEnd = bounds.stepEnd;
  }
  if (contiguous.length > MAX_SUBTASKS) {
    report(`${contiguous.length} subtasks returned; the last ${contiguous.length - MAX_SUBTASKS + 1} were merged into one (max ${MAX_SUBTASKS}).`);
    const kept = contiguous.slice(0, MAX_SUBTASKS);
    (kept.at(-1) as Subtask).stepEnd = bounds.stepEnd;
    return kept;
  }
  return contiguous;
}

/** Walks sorted subtasks: overlaps are cut from the later one, gaps go to the earlier one. */
function removeOverlapsAndGaps(sorted: Subtask[], report: (message: string) => void): Subtask[] {
  const result: Subtask[] = [];
  for (const subtask of sorted) {
    const previous = result.at(-1);
    if (!previous) {
      result.push({ ...subtask });
      continue;
    }
    const current = { ...subtask };
    if (current.stepStart <= previous.stepEnd) {
      if (current.stepEnd <= previous.stepEnd) {
        report(`Subtask "${current.description}" (steps ${current.stepStart}–${current.stepEnd}) lies inside the previous one and was dropped.`);
        continue;
      }
      report(`Subtask "${current.description}" overlapped the previous one; it now starts at step ${previous.stepEnd + 1}.`);
      current.stepStart = previous.stepEnd + 1;
    } else if (current.stepStart > previous.stepEnd + 1) {
      report(`Steps ${previous.stepEnd + 1}–${current.stepStart - 1} were not covered and were added to "${previous.description}".`);
      previous.stepEnd = current.stepStart - 1;
    }
    result.push(current);
  }
  return result;
}

function normalizeApps(applications: string[]): string[] {
  return [...new Set(applications.map((app) => app.trim().toLowerCase()).filter(Boolean))];
}
