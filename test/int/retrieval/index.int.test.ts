// The retrieval index stays fresh: reindexTips writes each retrievable tip's index and content
// vectors and skips unchanged ones by checksum; approving or editing a tip reindexes it; a subtask
// tip follows its cluster's canonical description; the job and the re-embed job agree.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getEmbeddingVectors } from "@/lib/db/vectors";
import { textChecksum } from "@/lib/embeddings";
import type { EmbeddingClient } from "@/lib/embeddings/types";
import { createLocalEmbeddings } from "@/lib/embeddings/local-embeddings";
import { reembedProject } from "@/lib/jobs/reembed-project";
import { reindexProjectJob } from "@/lib/jobs/reindex-project";
import type { JobContext } from "@/lib/jobs/types";
import { reindexTips } from "@/lib/retrieval/index-tips";
import { retrieve } from "@/lib/retrieval/retrieve";
import { approveTip, editTip } from "@/lib/review/review-tip";
import { createProject, createTip } from "../../builders";
import { noLlm } from "./seed";

/** The local embedder, counting the texts it embeds. */
function countingEmbedder(): EmbeddingClient & { texts: string[] } {
  const local = createLocalEmbeddings();
  const texts: string[] = [];
  return { model: local.model, dimension: local.dimension, texts, embed: async (input) => (texts.push(...input), local.embed(input)) };
}

const fakeContext = (): JobContext & { done: number; total: number | null } => {
  const context = {
    jobId: "00000000-0000-4000-8000-000000000000",
    attempt: 1,
    signal: new AbortController().signal,
    done: 0,
    total: null as number | null,
    setTotal: async (total: number) => void (context.total = total),
    advance: async (count = 1) => void (context.done += count),
    runItem: async <T,>(_item: string, work: () => Promise<T>) => work(),
  };
  return context;
};

const indexChecksum = async (tipId: string) =>
  (await getDb().embedding.findFirstOrThrow({ where: { ownerType: "tip_index", ownerId: tipId } })).checksum;

describe("reindexTips", () => {
  it("indexes approved and proposed tips, embeds each distinct text once, and skips what is up to date", async () => {
    const project = await createProject();
    const shared = "Renew the music streaming subscription";
    const a = await createTip(project.id, { status: "approved", indexDescription: shared, content: "Call show_subscription() before renew_subscription()." });
    const b = await createTip(project.id, { status: "proposed", indexDescription: shared, content: "Pay with the default card: show_payment_cards() first." });
    const rejected = await createTip(project.id, { status: "rejected", indexDescription: shared });
    const embedder = countingEmbedder();
    expect(await reindexTips({ projectId: project.id }, { embedder })).toEqual({ tips: 2, embedded: 4, skipped: 0 });
    expect(embedder.texts.filter((text) => text === shared)).toHaveLength(1);
    const vectors = await getEmbeddingVectors({ ownerType: "tip_index", ownerIds: [a.id, b.id, rejected.id], model: embedder.model, dimension: embedder.dimension });
    expect([...vectors.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(vectors.get(a.id)!.checksum).toBe(textChecksum({ model: embedder.model, dimension: embedder.dimension, text: shared }));

    expect(await reindexTips({ projectId: project.id }, { embedder: countingEmbedder() })).toEqual({ tips: 2, embedded: 0, skipped: 4 });
    await getDb().tip.update({ where: { id: a.id }, data: { content: "Check the renewal price with show_subscription_plans() first." } });
    const again = countingEmbedder();
    expect(await reindexTips({ projectId: project.id, tipIds: [a.id] }, { embedder: again })).toEqual({ tips: 1, embedded: 1, skipped: 1 });
  });

  it("follows a subtask tip's cluster: the canonical description while clustered, its own description otherwise", async () => {
    const project = await createProject();
    const cluster = await getDb().cluster.create({ data: { projectId: project.id, canonicalDescription: "Authenticate with an app" } });
    const tip = await createTip(project.id, { status: "approved", granularity: "subtask", indexDescription: "Log in to Spotify", clusterId: cluster.id });
    const embedder = createLocalEmbeddings();
    await reindexTips({ projectId: project.id }, { embedder });
    const sum = (text: string) => textChecksum({ model: embedder.model, dimension: embedder.dimension, text });
    expect(await indexChecksum(tip.id)).toBe(sum("Authenticate with an app"));

    await getDb().cluster.update({ where: { id: cluster.id }, data: { canonicalDescription: "Sign in to a streaming service" } });
    await reindexTips({ projectId: project.id }, { embedder });
    expect(await indexChecksum(tip.id)).toBe(sum("Sign in to a streaming service"));
    const found = await retrieve({ projectId: project.id, task: "Sign in to a streaming service", source: "cli" }, { embedder, llm: noLlm });
    expect(found.tips.map((t) => t.id)).toEqual([tip.id]);

    await getDb().cluster.update({ where: { id: cluster.id }, data: { state: "archived" } });
    await reindexTips({ projectId: project.id }, { embedder });
    expect(await indexChecksum(tip.id)).toBe(sum("Log in to Spotify"));
  });
});

describe("the index keeps up with review", () => {
  it("approving a tip makes it retrievable; editing it reindexes it", async () => {
    const project = await createProject();
    const tip = await createTip(project.id, { status: "proposed", indexDescription: "Cancel the gym membership", content: "Call show_memberships() and cancel_membership(membership_id) for the active one." });
    const embedder = createLocalEmbeddings();
    const search = () => retrieve({ projectId: project.id, task: "Cancel the gym membership", source: "cli" }, { embedder, llm: noLlm });
    expect((await search()).tips).toEqual([]);
    const approved = await approveTip({ id: tip.id, version: tip.version, actor: "alice" }, { embedder });
    expect((await search()).tips.map((t) => t.id)).toEqual([tip.id]);

    const contentBefore = (await getDb().embedding.findFirstOrThrow({ where: { ownerType: "tip_content", ownerId: tip.id } })).checksum;
    await editTip({ id: tip.id, version: approved.version, actor: "alice", edit: { content: "Call show_memberships(status='active'), then cancel_membership(membership_id)." } }, { embedder });
    const contentAfter = (await getDb().embedding.findFirstOrThrow({ where: { ownerType: "tip_content", ownerId: tip.id } })).checksum;
    expect(contentAfter).not.toBe(contentBefore);
    expect((await search()).tips[0]!.content).toMatch(/status='active'/);
  });
});

describe("reindex-project job", () => {
  it("indexes the whole project with progress, and agrees with the re-embed job (nothing left to do after it)", async () => {
    const project = await createProject();
    const cluster = await getDb().cluster.create({ data: { projectId: project.id, canonicalDescription: "Authenticate with an app" } });
    await createTip(project.id, { status: "approved", granularity: "subtask", indexDescription: "Log in to Spotify", clusterId: cluster.id });
    await createTip(project.id, { status: "approved", indexDescription: "Split the dinner bill" });
    const context = fakeContext();
    await reindexProjectJob.handler({ projectId: project.id }, context);
    expect(context).toMatchObject({ total: 2, done: 2 });

    await reembedProject({ projectId: project.id, force: false }, fakeContext(), { embedder: createLocalEmbeddings() });
    expect(await reindexTips({ projectId: project.id }, { embedder: countingEmbedder() })).toMatchObject({ embedded: 0 });
  });
});
