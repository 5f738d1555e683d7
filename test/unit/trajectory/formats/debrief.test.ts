import { describe, expect, it } from "vitest";
import { debriefFormat } from "@/lib/trajectory/formats/debrief";
import { parseDocument } from "@/lib/trajectory/parse";
import { toSourceDocument } from "@/lib/trajectory/sniff";
import { fixtureDocument } from "../../../support/samples";

describe("debrief format", () => {
  const doc = fixtureDocument("debrief/checkout-recovery.json");

  it("detects its own shape with high confidence and is picked by detection", () => {
    expect(debriefFormat.detect(doc)).toBeGreaterThan(0.9);
    expect(parseDocument(doc).format).toBe("debrief");
    expect(debriefFormat.detect(toSourceDocument("x.json", '[{"role":"user","content":"hi"}]'))).toBe(0);
  });

  it("pins the normalized output of the fixture", async () => {
    const parsed = parseDocument(doc);
    expect(parsed.issues).toEqual([]);
    await expect(parsed.trajectories).toMatchFileSnapshot("../../../fixtures/trajectories/debrief/checkout-recovery.golden.json");
  });

  it("accepts an array and JSON Lines, and names the path of an invalid record", () => {
    const one = doc.text.replace(/\n\s*/g, "");
    expect(debriefFormat.parse(toSourceDocument("a.json", `[${one}, ${one}]`)).trajectories).toHaveLength(2);
    const jsonl = debriefFormat.parse(toSourceDocument("a.jsonl", `${one}\n{"task":{"description":"x"},"steps":[{"kind":"tool_call"}]}\n`));
    expect(jsonl.trajectories).toHaveLength(1);
    expect(jsonl.issues[0]).toMatchObject({ severity: "error", line: 2, path: expect.stringMatching(/^\$\.steps\[0\]/) });
  });
});
