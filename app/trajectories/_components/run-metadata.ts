// The trajectory's stored metadata JSON, read leniently for display: the viewer must open even
// when an older import wrote a shape the current model no longer matches.
import { metadataSchema, type TrajectoryMetadata } from "@/lib/trajectory/schema";

export type RunMetadata = Partial<TrajectoryMetadata>;

export function readRunMetadata(json: unknown): RunMetadata {
  const parsed = metadataSchema.partial().safeParse(json);
  if (parsed.success) return parsed.data;
  const loose = metadataSchema.partial().pick({ model: true, sourceFormat: true }).safeParse(json);
  return loose.success ? loose.data : {};
}

/** "shop-agent 0.3.0" */
export function describeAgent(agent: RunMetadata["agent"]): string | null {
  if (!agent?.name && !agent?.version) return null;
  return [agent.name, agent.version].filter(Boolean).join(" ");
}

/** The part of the metadata the overview does not already show, for the "More metadata" panel. */
export function remainingMetadata(metadata: RunMetadata): Record<string, unknown> | null {
  const { model: _model, agent: _agent, usage: _usage, sourceFormat: _format, systemPrompt: _prompt, ...rest } = metadata;
  const entries = Object.entries(rest).filter(([, value]) => value !== undefined);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
