// `npm run cli -- retrieve …` as a user runs it: a real process against the test database; --json
// prints the API's response shape.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { retrieveResponseSchema } from "@/lib/retrieval/schema";
import { runCli as cli } from "../../support/run-cli";
import { seedRetrievalProject, TASK } from "./seed";

describe("cli retrieve", () => {
  it("prints the same JSON as the API with --json, and a readable list without", async () => {
    const { project, tips } = await seedRetrievalProject();
    const json = await cli(["retrieve", TASK, "--project", project.slug, "--top-k", "2", "--threshold", "0.6", "--granularity", "task", "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const body = retrieveResponseSchema.parse(JSON.parse(json.stdout.trim().split("\n").at(-1)!));
    expect(body.tips.map((tip) => tip.id)).toEqual([tips.critical.id, tips.high.id]);
    expect(body.settings).toMatchObject({ topK: 2, threshold: 0.6, granularity: "task" });
    expect(await getDb().retrievalLog.findUniqueOrThrow({ where: { id: body.retrievalId } })).toMatchObject({ source: "cli", projectId: project.id });

    const text = await cli(["retrieve", TASK, "--project", project.slug, "--top-k", "1"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("[critical] recovery");
    expect(text.stdout).toContain("### [PRIORITY: CRITICAL] Recovery tip");
  });

  it("exits 2 with the reason for invalid options", async () => {
    const result = await cli(["retrieve", "x", "--threshold", "7"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/threshold: The threshold τ is at most 1/);
  });
});
