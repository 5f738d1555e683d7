// Memory export → import into another project round-trips tips, clusters and provenance; a second
// import adds nothing; imported tips are retrievable at once; invalid documents are refused with
// the path of the bad field.
import { describe, expect, it } from "vitest";
import { GET as getExport } from "@/app/api/v1/memory/export/route";
import { POST as postImport } from "@/app/api/v1/memory/import/route";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { getDb } from "@/lib/db/client";
import { memoryDocumentSchema, type MemoryDocument } from "@/lib/memory/schema";
import { retrieve } from "@/lib/retrieval/retrieve";
import { createProject, createTrajectory } from "../../builders";
import { embedder, noLlm, seedRetrievalProject, TASK } from "./seed";

const exportWith = async (key: string) => {
  const response = await getExport(new Request("http://localhost/api/v1/memory/export", { headers: { authorization: `Bearer ${key}` } }));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="debrief-memory-/);
  return memoryDocumentSchema.parse(await response.json());
};
const importWith = (key: string, document: unknown, query = "") =>
  postImport(new Request(`http://localhost/api/v1/memory/import${query}`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: JSON.stringify(document) }));

/** A document without instance-specific ids: clusters by description. */
function comparable(document: MemoryDocument) {
  const clusters = new Map(document.clusters.map((cluster) => [cluster.id, cluster.canonicalDescription]));
  return document.tips
    .map(({ id: _id, clusterId, ...tip }) => ({ ...tip, cluster: clusterId ? clusters.get(clusterId) : null }))
    .sort((a, b) => a.content.localeCompare(b.content));
}

async function seedWithProvenance() {
  const seeded = await seedRetrievalProject();
  const trajectory = await createTrajectory(seeded.project.id, { externalId: "run-42", taskDescription: "Pay my pending Venmo requests for March", outcomeLabel: "success" });
  await getDb().tipSource.create({ data: { tipId: seeded.tips.critical.id, trajectoryId: trajectory.id, stepStart: 3, stepEnd: 7, outcomeLabel: "success" } });
  return { ...seeded, trajectory };
}

describe("memory export / import", () => {
  it("round-trips approved tips, clusters and provenance into another project, idempotently", async () => {
    const source = await seedWithProvenance();
    const sourceKey = (await createApiKey({ projectId: source.project.id, name: "export" })).key;
    const exported = await exportWith(sourceKey);
    expect(exported).toMatchObject({ format: "debrief.memory", version: 1, project: { slug: source.project.slug } });
    expect(exported.tips).toHaveLength(6); // the approved ones: not proposed, not rejected
    expect(exported.clusters.map((cluster) => cluster.canonicalDescription)).toEqual(["Authenticate with a music streaming app"]);
    const critical = exported.tips.find((tip) => tip.id === source.tips.critical.id)!;
    expect(critical.provenance).toEqual([
      { trajectoryId: source.trajectory.id, externalId: "run-42", taskDescription: "Pay my pending Venmo requests for March", stepStart: 3, stepEnd: 7, outcomeLabel: "success" },
    ]);

    const target = await createProject();
    const targetKey = (await createApiKey({ projectId: target.id, name: "import" })).key;
    const first = await importWith(targetKey, exported);
    expect(first.status).toBe(201);
    const result = await first.json();
    expect(result).toMatchObject({ tips: { imported: 6, duplicates: 0, forReview: 0 }, clusters: { created: 1, reused: 0 }, indexed: true });
    const again = await importWith(targetKey, exported);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ tips: { imported: 0, duplicates: 6 }, clusters: { created: 0, reused: 1 } });

    const reexported = await exportWith(targetKey);
    expect(comparable(reexported)).toEqual(comparable(exported));
    const event = await getDb().tipEvent.findFirstOrThrow({ where: { tipId: result.importedTipIds[0], type: "imported" } });
    expect(event.note).toContain(source.project.slug);

    // Imported tips are indexed: the same task retrieves the same advice in the same order.
    const inSource = await retrieve({ projectId: source.project.id, task: TASK, source: "cli" }, { embedder, llm: noLlm });
    const inTarget = await retrieve({ projectId: target.id, task: TASK, source: "cli" }, { embedder, llm: noLlm });
    expect(inTarget.tips.map((tip) => tip.content)).toEqual(inSource.tips.map((tip) => tip.content));
  });

  it("keeps provenance from outside the project as external provenance, and can put every imported tip up for review", async () => {
    const source = await seedWithProvenance();
    const exported = await exportWith((await createApiKey({ projectId: source.project.id, name: "export" })).key);
    // Importing into the same project: every tip is the same advice as a live one.
    const sameKey = (await createApiKey({ projectId: source.project.id, name: "same" })).key;
    expect(await (await importWith(sameKey, exported)).json()).toMatchObject({ tips: { imported: 0, duplicates: 6 } });

    const target = await createProject();
    const key = (await createApiKey({ projectId: target.id, name: "import" })).key;
    const result = await (await importWith(key, exported, "?status=proposed")).json();
    expect(result.tips).toMatchObject({ imported: 6, forReview: 6 });
    const statuses = await getDb().tip.groupBy({ by: ["status"], where: { projectId: target.id }, _count: true });
    expect(statuses).toEqual([{ status: "proposed", _count: 6 }]);
    const imported = await getDb().tip.findFirstOrThrow({ where: { projectId: target.id, content: source.tips.critical.content }, include: { sources: true } });
    expect(imported.sources).toEqual([]); // the trajectory lives in the source project
    expect(imported.externalProvenance).toEqual([expect.objectContaining({ trajectoryId: source.trajectory.id, externalId: "run-42" })]);
  });

  it("refuses invalid documents with the path of each bad field", async () => {
    const target = await createProject();
    const key = (await createApiKey({ projectId: target.id, name: "import" })).key;
    const source = await seedRetrievalProject();
    const exported = await exportWith((await createApiKey({ projectId: source.project.id, name: "export" })).key);

    const broken = { ...exported, tips: [{ ...exported.tips[0]!, category: "wisdom", steps: "one" }, exported.tips[1]] };
    const response = await importWith(key, broken);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(Object.keys(error.fieldErrors).sort()).toEqual(["tips.0.category", "tips.0.steps"]);

    const future = await importWith(key, { ...exported, version: 2 });
    expect(future.status).toBe(400);
    expect((await future.json()).error.fieldErrors.version[0]).toMatch(/version 1/);
    const dangling = await importWith(key, { ...exported, clusters: [] });
    expect((await dangling.json()).error.fieldErrors).toHaveProperty(`tips.${exported.tips.findIndex((tip) => tip.clusterId)}.clusterId`);
    expect(await getDb().tip.count({ where: { projectId: target.id } })).toBe(0);
  });
});
