// The offline extractor on real public trajectories (read in place from ../shared/samples): the
// proposals a reviewer would see. Tips for three samples are printed for quoting.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeTrajectory } from "@/lib/analysis";
import { extractOfflineTips, tipProposalSchema, type OfflineTip } from "@/lib/extraction/offline";
import { parseDocument } from "@/lib/trajectory/parse";
import { listSamples, sampleDocument } from "../../../support/samples";

const printed: string[] = [];

function tipsForSample(relativePath: string): OfflineTip[][] {
  const parsed = parseDocument(sampleDocument(relativePath));
  expect(parsed.trajectories.length).toBeGreaterThan(0);
  return parsed.trajectories.map((trajectory) => {
    const tips = extractOfflineTips(trajectory, analyzeTrajectory(trajectory));
    for (const tip of tips) expect(tipProposalSchema.parse(tip)).toEqual(tip);
    return tips;
  });
}

function show(name: string, tips: OfflineTip[]) {
  const lines = tips.map((tip) => {
    const ranges = tip.provenance.map((p) => `${p.stepStart}–${p.stepEnd}`).join(", ");
    return `  [${tip.priority}] ${tip.category} (steps ${ranges}, application ${tip.application ?? "generic"}): ${tip.content}`;
  });
  printed.push(`${name}: ${tips.length} tip(s)\n${lines.join("\n")}`);
}

afterAll(() => {
  console.log(`Offline tips on real samples:\n${printed.join("\n")}`);
});

describe("offline tips on real samples", () => {
  it("AppWorld venmo: a recovery tip naming show_api_doc and its 422, covering the error and fix steps", () => {
    const [tips] = tipsForSample("altk-evolve/appworld_venmo_task_trajectory.openai-chat.json");
    show("altk-evolve/appworld_venmo_task_trajectory", tips!);
    const recovery = tips!.find((tip) => tip.category === "recovery" && tip.content.includes("apis.api_docs.show_api_doc") && tip.content.includes("422"));
    expect(recovery).toBeDefined();
    expect(recovery!.content).toContain("apis.api_docs.show_api_descriptions");
    // Step 11: the failed lookup of "request_payment"; 12: list venmo's APIs; 13: the lookup that worked.
    expect(recovery!.provenance).toContainEqual({ stepStart: 11, stepEnd: 13 });
    expect(recovery!.provenance).toContainEqual({ stepStart: 0, stepEnd: 2 });
    // Task values (people, emails, amounts, notes) stay out of the tip.
    expect(JSON.stringify(tips)).not.toMatch(/Nancy|Jordan|Kathryn|@gmail|\$60|\$128|For Taxi|For Food/);
  });

  it("Claude Code filesystem MCP: access denied outside allowed directories → list them and retry inside", () => {
    const [tips] = tipsForSample("altk-evolve/claude_code_filesystem_mcp_trajectory.function-call-list.json");
    show("altk-evolve/claude_code_filesystem_mcp_trajectory", tips!);
    expect(tips).toMatchObject([{ category: "recovery", application: "filesystem", provenance: [{ stepStart: 0, stepEnd: 3 }] }]);
    expect(tips![0]!.content).toBe(
      'When mcp__filesystem__read_text_file fails with "Access denied: <path> is outside allowed directories", call mcp__filesystem__list_allowed_directories and mcp__filesystem__search_files, then retry mcp__filesystem__read_text_file with path taken from its output.',
    );
  });

  it("Harbor terminus-2: a rejected invalid-JSON response → resend in the required format", () => {
    const [tips] = tipsForSample("atif/harbor_golden_terminus-2_hello-world-invalid-json.trajectory.json");
    show("atif/harbor_golden_terminus-2_hello-world-invalid-json", tips!);
    expect(tips).toMatchObject([{ category: "recovery", provenance: [{ stepStart: 0, stepEnd: 1 }] }]);
    expect(tips![0]!.content).toContain("Missing required fields: analysis, plan");
  });

  it("SWE-agent: the IndentationError edit becomes a re-indent tip; the clean run yields nothing", () => {
    const [marshmallow] = tipsForSample("swe_agent/marshmallow-code__marshmallow-1867.function_calling.traj");
    expect(marshmallow).toMatchObject([
      { category: "recovery", content: 'When edit fails with "IndentationError: unexpected indent", retry edit with replacement_text re-indented to match the surrounding code.', provenance: [{ stepStart: 6, stepEnd: 7 }] },
    ]);
    const [clean] = tipsForSample("swe_agent/6e44b9__sweagenttestrepo-1c2844.traj");
    expect(clean).toEqual([]);
  });

  it("Claude Code sessions: user rejections and interruptions teach nothing without a model", () => {
    for (const file of listSamples("claude_code")) {
      for (const tips of tipsForSample(path.join("claude_code", path.basename(file)))) expect(tips).toEqual([]);
    }
  });
});
