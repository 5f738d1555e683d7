// The import request (POST /api/trajectories/import, the Upload page's route; the agent API's
// POST /api/v1/trajectories shares the handler behind a key — test/int/retrieval/api.int.test.ts)
// through the real route handler: multipart batches, a raw JSON body, the NDJSON progress stream,
// and bad requests.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/trajectories/import/route";

const FIXTURE = fs.readFileSync(path.resolve(import.meta.dirname, "../../fixtures/trajectories/debrief/checkout-recovery.json"));
const project = () => `api-${randomUUID().slice(0, 8)}`;
const url = (query: string) => `http://localhost/api/trajectories/import?${query}`;

function multipart(files: { name: string; text: string | Uint8Array }[]): FormData {
  const form = new FormData();
  for (const file of files) form.append("file", new File([typeof file.text === "string" ? file.text : new Uint8Array(file.text)], file.name));
  return form;
}

describe("POST /api/trajectories/import", () => {
  it("imports a multipart batch and reports the bad file with its reason", async () => {
    const response = await POST(new NextRequest(url(`project=${project()}`), { method: "POST", body: multipart([{ name: "run.json", text: FIXTURE }, { name: "broken.json", text: "{" }]) }));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ imported: 1, duplicates: 0, failed: [{ file: "broken.json", error: expect.stringMatching(/Invalid JSON/) }] });
    expect(body.files.map((f: { status: string }) => f.status).sort()).toEqual(["failed", "imported"]);
  });

  it("takes one run as the raw JSON body, and answers 200 for a duplicate", async () => {
    const name = project();
    const post = () => POST(new NextRequest(url(`project=${name}`), { method: "POST", body: FIXTURE, headers: { "content-type": "application/json" } }));
    const first = await post();
    expect(first.status).toBe(201);
    expect((await first.json()).trajectories[0]).toMatchObject({ format: "debrief", steps: 5 });
    const second = await post();
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ imported: 0, duplicates: 1 });
  });

  it("streams one line per file and a summary with Accept: application/x-ndjson", async () => {
    const response = await POST(
      new NextRequest(url(`project=${project()}`), {
        method: "POST",
        body: multipart([{ name: "a.json", text: FIXTURE }, { name: "b.txt", text: "not a trajectory" }]),
        headers: { accept: "application/x-ndjson" },
      }),
    );
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    const lines = (await response.text()).trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.map((l) => l.type)).toEqual(["file", "file", "summary"]);
    expect(lines.at(-1)).toMatchObject({ imported: 1, failed: [{ file: "b.txt" }] });
  });

  it("answers 422 when nothing imports and 400 for an empty request or an unknown format", async () => {
    const bad = await POST(new NextRequest(url(`project=${project()}`), { method: "POST", body: multipart([{ name: "x.json", text: "[]" }]) }));
    expect(bad.status).toBe(422);
    const empty = await POST(new NextRequest(url(""), { method: "POST", body: "" }));
    expect(empty.status).toBe(400);
    const forced = await POST(new NextRequest(url(`project=${project()}&format=nope`), { method: "POST", body: multipart([{ name: "run.json", text: FIXTURE }]) }));
    expect(await forced.json()).toMatchObject({ failed: [{ error: expect.stringMatching(/Unknown format "nope"/) }] });
  });
});
