// Every real sample file goes through the whole import into the database (what the demo project
// does on first start): nothing fails, and every stored trajectory reads back with its steps.
import { describe, expect, it } from "vitest";
import { getTrajectoryWithSteps } from "@/lib/db/trajectory-queries";
import { importFiles } from "@/lib/import/import-files";
import { readImportPaths } from "@/lib/import/read-paths";
import { createProject } from "../../builders";
import { samplesDir } from "../../support/samples";

describe("importing the real samples", () => {
  it("imports every file of the samples folder and reads the trajectories back", async () => {
    const project = await createProject();
    const { files } = readImportPaths([samplesDir()]);
    const trajectoryFiles = files.filter((file) => !/SOURCES\.md$|README\.md$|agent-wiki|guideline/.test(file.name));
    const report = await importFiles(trajectoryFiles, { projectId: project.id });
    expect(report.failed).toEqual([]);
    expect(report.imported).toBeGreaterThanOrEqual(trajectoryFiles.length - 2); // outcome files import no trajectory
    console.log(`samples import: ${trajectoryFiles.length} files → ${report.imported} trajectories, ${report.files.filter((f) => f.status === "outcomes").length} outcome file(s)`);
    for (const { id, steps } of report.trajectories) {
      const stored = await getTrajectoryWithSteps({ id });
      expect(stored?.steps).toHaveLength(steps);
    }
    // The SWE-bench report next to the mini-swe-agent run labels it: resolved → success, by a verifier.
    const mini = report.trajectories.find((t) => t.format === "mini-swe-agent");
    const stored = await getTrajectoryWithSteps({ id: mini!.id });
    expect(stored).toMatchObject({ outcomeLabel: "success", outcomeSource: "verifier" });
  }, 120_000);
});
