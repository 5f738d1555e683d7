// `npm run cli -- consolidate …` and `proposals …` as a user runs them: a real process against the test database.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getOrCreateProject } from "@/lib/db/projects";
import { createTip, createTrajectory } from "../../builders";
import { lastJsonLine, runCli as cli } from "../../support/run-cli";

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
    const report = lastJsonLine(result.stdout) as { clusters: { tipIds: string[] }[]; proposals: { id: string }[] };
    expect(report.clusters).toEqual(
      expect.arrayContaining([{ id: expect.any(String), canonicalDescription: expect.any(String), size: expect.any(Number), tipIds: expect.any(Array) }]),
    );
    expect(report.clusters.flatMap((c) => c.tipIds).sort()).toEqual([first.id, second.id].sort());
    expect(report.proposals).toEqual([{ id: expect.any(String), kind: "merge", tipIds: expect.arrayContaining([first.id, second.id]) }]);

    const proposalId = report.proposals[0]!.id;
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
