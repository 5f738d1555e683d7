// The import use-case on a real database: good files import, bad files fail alone with a reason
// naming the file, duplicates are recognised, zips expand, limits are explicit.
import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getTrajectoryWithSteps } from "@/lib/db/trajectory-queries";
import { importFiles } from "@/lib/import/import-files";
import type { ImportLimits } from "@/lib/import/limits";
import { createProject } from "../../builders";

const FIXTURE = path.resolve(import.meta.dirname, "../../fixtures/trajectories/debrief/checkout-recovery.json");
const valid = () => fs.readFileSync(FIXTURE);
const encode = (text: string) => new TextEncoder().encode(text);
/** Another valid trajectory with different content (so it is not a duplicate). */
const variant = (task: string) => encode(JSON.stringify({ ...JSON.parse(valid().toString()), task: { description: task } }));
const LIMITS: ImportLimits = { maxFileBytes: 1024 * 1024, maxBatchBytes: 64 * 1024 * 1024, maxFiles: 100 };

describe("importFiles", () => {
  it("imports the good files of a batch and reports each bad one with its reason", async () => {
    const project = await createProject();
    const binary = new Uint8Array(256).map((_, i) => i);
    const report = await importFiles(
      [
        { name: "good.json", bytes: valid() },
        { name: "truncated.json", bytes: valid().subarray(0, 300) },
        { name: "latin1.json", bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]) },
        { name: "junk.bin", bytes: binary },
        { name: "empty.json", bytes: new Uint8Array() },
        { name: "other.json", bytes: variant("Cancel my gym membership") },
        { name: "unknown.json", bytes: encode('{"hello": "world"}') },
      ],
      { projectId: project.id, limits: LIMITS },
    );
    expect(report.imported).toBe(2);
    const errors = Object.fromEntries(report.failed.map((f) => [f.file, f.error]));
    expect(Object.keys(errors).sort()).toEqual(["empty.json", "junk.bin", "latin1.json", "truncated.json", "unknown.json"]);
    expect(errors["truncated.json"]).toMatch(/^Invalid JSON at line \d+, column \d+: /);
    expect(errors["latin1.json"]).toMatch(/not valid UTF-8 text \(invalid byte at offset 6\)/);
    expect(errors["junk.bin"]).toMatch(/binary file/);
    expect(errors["empty.json"]).toMatch(/empty/);
    expect(errors["unknown.json"]).toMatch(/Unrecognised trajectory format/);
    const uploads = await getDb().upload.findMany({ where: { projectId: project.id }, select: { fileName: true, status: true } });
    expect(uploads.filter((u) => u.status === "failed").map((u) => u.fileName).sort()).toEqual(["truncated.json", "unknown.json"]);
  });

  it("stores every step losslessly and reads it back for the viewer", async () => {
    const project = await createProject();
    const report = await importFiles([{ name: "good.json", bytes: valid() }], { projectId: project.id, limits: LIMITS });
    const stored = await getTrajectoryWithSteps({ id: report.trajectories[0]!.id });
    const source = JSON.parse(valid().toString());
    expect(stored).toMatchObject({ taskDescription: source.task.description, externalId: "shop-001", outcomeLabel: "success", outcomeSource: "verifier", stepCount: 5, errorCount: 1 });
    expect(stored!.steps[1]).toMatchObject({ kind: "tool_call", name: "checkout", arguments: { product_id: 17 }, callId: "call_2", isError: true, errorMessage: "payment method required" });
    expect(stored!.steps[4]).toMatchObject({ kind: "message", role: "assistant" });
    const upload = await getDb().upload.findFirstOrThrow({ where: { projectId: project.id }, omit: { content: false } });
    expect(Buffer.from(upload.content!).equals(valid())).toBe(true);
  });

  it("recognises re-imported content as a duplicate, whatever the file name", async () => {
    const project = await createProject();
    const first = await importFiles([{ name: "a.json", bytes: valid() }], { projectId: project.id, limits: LIMITS });
    const again = await importFiles([{ name: "renamed.json", bytes: valid() }], { projectId: project.id, limits: LIMITS });
    expect(again).toMatchObject({ imported: 0, duplicates: 1 });
    expect(again.files[0]).toMatchObject({ status: "duplicate" });
    expect(again.trajectories[0]!.id).toBe(first.trajectories[0]!.id);
    expect(await getDb().trajectory.count({ where: { projectId: project.id } })).toBe(1);
  });

  it("expands zips and fails only the bad member", async () => {
    const project = await createProject();
    const zip = zipSync({
      "runs/one.json": valid(),
      "runs/two.json": variant("Book a table for four"),
      "runs/broken.json": encode("{ nope"),
      "__MACOSX/._one.json": encode("resource fork"),
    });
    const report = await importFiles([{ name: "batch.zip", bytes: zip }], { projectId: project.id, limits: LIMITS });
    expect(report.imported).toBe(2);
    expect(report.failed).toEqual([expect.objectContaining({ file: "batch.zip/runs/broken.json", error: expect.stringMatching(/Invalid JSON/) })]);
    expect(report.trajectories.map((t) => t.file).sort()).toEqual(["batch.zip/runs/one.json", "batch.zip/runs/two.json"]);
  });

  it("refuses a file over the per-file limit by name and size, and imports the rest", async () => {
    const project = await createProject();
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x20); // 50 MB of spaces
    const report = await importFiles(
      [{ name: "huge.jsonl", bytes: big }, { name: "good.json", bytes: valid() }],
      { projectId: project.id, limits: { ...LIMITS, maxFileBytes: 10 * 1024 * 1024 } },
    );
    expect(report.imported).toBe(1);
    expect(report.failed).toEqual([
      expect.objectContaining({ file: "huge.jsonl", error: "The file is 50.0 MB, over the 10.0 MB limit per file (IMPORT_MAX_FILE_MB)." }),
    ]);
  });

  it("refuses a zip member over the limit from its declared size, without inflating it", async () => {
    const project = await createProject();
    const zip = zipSync({ "big.json": new Uint8Array(3 * 1024 * 1024).fill(0x20), "ok.json": valid() });
    const report = await importFiles([{ name: "a.zip", bytes: zip }], { projectId: project.id, limits: { ...LIMITS, maxFileBytes: 1024 * 1024 } });
    expect(report.imported).toBe(1);
    expect(report.failed[0]).toMatchObject({ file: "a.zip/big.json", error: expect.stringMatching(/over the 1.0 MB limit per file/) });
  });

  it("enforces the batch size and file count limits", async () => {
    const project = await createProject();
    const files = [1, 2, 3].map((i) => ({ name: `f${i}.json`, bytes: variant(`Task ${i}`) }));
    const size = files[0]!.bytes.length;
    const report = await importFiles(files, { projectId: project.id, limits: { ...LIMITS, maxBatchBytes: size * 2 + 10 } });
    expect(report.imported).toBe(2);
    expect(report.failed[0]).toMatchObject({ file: "f3.json", error: expect.stringMatching(/limit per batch/) });
    await expect(importFiles(files, { projectId: project.id, limits: { ...LIMITS, maxFiles: 2 } })).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("keeps a Debrief JSONL file's valid lines and names the bad line", async () => {
    const project = await createProject();
    const lines = [variant("Line one task"), variant("Line two task")].map((b) => new TextDecoder().decode(b).replace(/\n/g, ""));
    const text = `${lines[0]}\n${lines[1]}\n{"task": {"description": "no steps"}}\n`;
    const report = await importFiles([{ name: "runs.jsonl", bytes: encode(text) }], { projectId: project.id, limits: LIMITS });
    expect(report.imported).toBe(2);
    expect(report.files[0]!.warnings).toEqual([
      expect.stringMatching(/^line 3, \$\.steps: .* \(skipped\)$/),
      expect.stringMatching(/^line 3, \$\.metadata: .* \(skipped\)$/),
    ]);
  });
});

describe("binary payloads", () => {
  it("stores a base64 image as a placeholder with its size, in messages and in raw data", async () => {
    const project = await createProject();
    const image = `data:image/png;base64,${"iVBORw0KGgo".repeat(600)}`;
    const chat = [
      { role: "user", content: "Describe the screenshots I send." },
      { role: "assistant", content: "Send the first one." },
      { role: "user", content: [{ type: "text", text: "Here it is." }, { type: "image_url", image_url: { url: image } }] },
      { role: "assistant", content: "A login form." },
    ];
    const report = await importFiles([{ name: "chat.json", bytes: encode(JSON.stringify(chat)) }], { projectId: project.id, limits: LIMITS });
    const stored = await getTrajectoryWithSteps({ id: report.trajectories[0]!.id });
    const serialized = JSON.stringify(stored);
    expect(serialized).not.toContain("iVBORw0KGgo".repeat(10));
    expect(serialized).toMatch(/\[image\/png, [\d.]+ KB omitted\]/);
  });
});
