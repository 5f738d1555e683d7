// A project's consolidation defaults: saved when valid, refused (with a message a person can act
// on) when the threshold is outside 0 < τ ≤ 1 or the linkage is unknown; the run uses them.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { updateConsolidationSettings } from "@/lib/db/projects";
import { createProject } from "../../builders";

describe("updateConsolidationSettings", () => {
  it("starts from the defaults and saves only the given fields", async () => {
    const project = await createProject();
    expect(project).toMatchObject({ consolidationThreshold: 0.85, consolidationLinkage: "average", autoAcceptMerges: false });

    expect(await updateConsolidationSettings({ id: project.id, threshold: 0.8, linkage: "complete" })).toEqual({ threshold: 0.8, linkage: "complete", autoAcceptMerges: false });
    expect(await updateConsolidationSettings({ id: project.id, autoAcceptMerges: true })).toEqual({ threshold: 0.8, linkage: "complete", autoAcceptMerges: true });
    expect(await getDb().project.findUniqueOrThrow({ where: { id: project.id } })).toMatchObject({ consolidationThreshold: 0.8, consolidationLinkage: "complete", autoAcceptMerges: true });
  });

  it("accepts τ = 1 and refuses τ ≤ 0, τ > 1 and an unknown linkage without changing anything", async () => {
    const project = await createProject();
    expect((await updateConsolidationSettings({ id: project.id, threshold: 1 })).threshold).toBe(1);
    await expect(updateConsolidationSettings({ id: project.id, threshold: 0 })).rejects.toMatchObject({ code: "INVALID_INPUT", userMessage: expect.stringContaining("above 0") });
    await expect(updateConsolidationSettings({ id: project.id, threshold: 1.2 })).rejects.toMatchObject({ code: "INVALID_INPUT", userMessage: expect.stringContaining("at most 1") });
    await expect(updateConsolidationSettings({ id: project.id, threshold: Number.NaN })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    // @ts-expect-error an unknown linkage is what the validation is for
    await expect(updateConsolidationSettings({ id: project.id, linkage: "ward" })).rejects.toMatchObject({ code: "INVALID_INPUT", userMessage: expect.stringContaining("average, single or complete") });
    expect(await getDb().project.findUniqueOrThrow({ where: { id: project.id } })).toMatchObject({ consolidationThreshold: 1, consolidationLinkage: "average" });
  });

  it("says when the project does not exist", async () => {
    await expect(updateConsolidationSettings({ id: "00000000-0000-4000-8000-000000000000", threshold: 0.9 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
