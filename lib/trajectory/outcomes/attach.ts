// Matching outcome records to trajectories, and deciding which outcome wins. A verifier's or an
// explicit label beats an agent's self-report: self-reports lie (FORMATS.md §0), so they are kept
// as evidence in details, never as the verdict when something better exists.
import type { OutcomeRecord } from "../formats/types";
import type { NormalizedTrajectory, Outcome } from "../schema";

const SOURCE_STRENGTH: Record<Outcome["source"], number> = {
  label: 5,
  verifier: 4,
  judge: 3,
  self_report: 2,
  inferred: 1,
  none: 0,
};

/** Keys a trajectory can be matched by: its task id, its source id, and its file name without extensions. */
export function outcomeKeys(trajectory: Pick<NormalizedTrajectory, "task" | "metadata">, fileName?: string): string[] {
  const keys = new Set<string>();
  if (trajectory.task.id) keys.add(trajectory.task.id);
  if (trajectory.metadata.sourceId) keys.add(trajectory.metadata.sourceId);
  if (fileName) {
    let stem = fileName.split("/").pop() ?? fileName;
    while (stem.includes(".")) {
      stem = stem.slice(0, stem.lastIndexOf("."));
      if (stem) keys.add(stem);
    }
  }
  return [...keys];
}

export function findOutcome(records: readonly OutcomeRecord[], keys: readonly string[]): OutcomeRecord | undefined {
  return records.find((record) => keys.includes(record.key));
}

/** The outcome to keep when `incoming` arrives for a trajectory that has `current`. */
export function mergeOutcome(current: Outcome, incoming: Outcome): Outcome {
  if (SOURCE_STRENGTH[incoming.source] < SOURCE_STRENGTH[current.source]) return current;
  if (current.source === "none" || current.source === incoming.source) return incoming;
  return { ...incoming, details: { ...incoming.details, previous: { label: current.label, source: current.source, score: current.score } } };
}
