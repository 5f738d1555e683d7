// `npm run cli -- consolidate …` and `proposals …` as a user runs them: a real process against the test database.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getOrCreateProject } from "@/lib/db/projects";
import { createTip, createTrajectory } from "../../builders";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/cli.ts", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", DEBRIEF_EMBEDDED_DATABASE_URL: inject("databaseUrl") },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

const lastJsonLine = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1)!);

describe("cli consolidate", () => {
  it("prints the documented --json clusters and proposals; proposals accept and revert work by id", async () => {
    const name = `cli-consolidate-${randomUUID().slice(0, 8)}`;
    const project = await getOrCreateProject({ name });
    const trajectory = await createTrajectory(project.id, { taskDescription: "Look up the order status of order 1234" });
    const content = "When get_order fails with 404 'order not found', call list_orders for the user and retry get_order with an id from the list.";
    const first = await createTip(project.id, { category: "recovery", content, indexDescription: "Look up the order status of order 1234" });
    const second = await createTip(project.id, { category: "recovery", content: `${content} `, indexDescription: "Check the status of order 98" });
    await getDb().tipSource.createMany({ data: [first, second].map((tip) => ({ tipId: tip.id, trajectoryId: trajectory.id, stepStart: 1, stepEnd: 2 })) });

    const result = await cli(["consolidate", "--project", name, "--offline", "--json"]);
    expect(result.code).toBe(0);
    const report = lastJsonLine(result.stdout);
    expect(report.clusters).toEqual(
      expect.arrayContaining([{ id: expect.any(String), canonicalDescription: expect.any(String), size: expect.any(Number), tipIds: expect.any(Array) }]),
    );
    expect(report.clusters.flatMap((c: { tipIds: string[] }) => c.tipIds).sort()).toEqual([first.id, second.id].sort());
    expect(report.proposals).toEqual([{ id: expect.any(String), kind: "merge", tipIds: expect.arrayContaining([first.id, second.id]) }]);

    const proposalId = report.proposals[0].id as string;
    const accepted = await cli(["proposals", "accept", proposalId]);
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toMatch(new RegExp(`${proposalId}: accepted → tip [0-9a-f-]{36}`));
    expect((await getDb().tip.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("merged");
    const reverted = await cli(["proposals", "revert", proposalId, "--note", "checking"]);
    expect(reverted.code).toBe(0);
    expect((await getDb().tip.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("proposed");
    const again = await cli(["proposals", "revert", proposalId]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Only an accepted proposal can be reverted/);
  }, 180_000);
});
