// Per-tip retrieval statistics and the harm flag (definitions and thresholds in stats.ts), for the
// review queue and the tip detail.
import { countTipOutcomes } from "../db/retrieval-logs";
import { HARM_FLAG, tipRetrievalStats, type TipRetrievalStats } from "./stats";

export { HARM_FLAG, type TipRetrievalStats };

export async function getTipRetrievalStats({ projectId, tips }: { projectId: string; tips: { id: string; application: string | null }[] }): Promise<Map<string, TipRetrievalStats>> {
  const counts = await countTipOutcomes({ projectId, tips });
  return new Map([...counts].map(([id, count]) => [id, tipRetrievalStats(count)]));
}

/** The tips' flags with HARM_FLAG added to those whose injection correlates with failure. */
export async function withHarmFlags<T extends { id: string; projectId: string; application: string | null; flags: string[] }>(tips: T[]): Promise<T[]> {
  if (tips.length === 0) return tips;
  const byProject = new Map<string, T[]>();
  for (const tip of tips) byProject.set(tip.projectId, [...(byProject.get(tip.projectId) ?? []), tip]);
  const harmful = new Set<string>();
  for (const [projectId, group] of byProject) {
    const stats = await getTipRetrievalStats({ projectId, tips: group });
    for (const [id, stat] of stats) if (stat.isHarmful) harmful.add(id);
  }
  return tips.map((tip) => (harmful.has(tip.id) && !tip.flags.includes(HARM_FLAG) ? { ...tip, flags: [...tip.flags, HARM_FLAG] } : tip));
}
