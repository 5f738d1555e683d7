import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { expect, test } from "./fixtures";

const DATA_DIR = path.join(fileURLToPath(new URL("..", import.meta.url)), ".data", "e2e");
const REVIEWER = "alice-e2e";

/**
 * Two more proposals on the same run, as an LLM extraction would leave them (setup through the
 * database, not the UI): the offline extractor finds one lesson in this run, the story needs three.
 * Priorities put them around the extracted (medium) tip: high first, low last.
 */
async function seedProposals(trajectoryId: string): Promise<{ high: string; low: string }> {
  const { url } = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "embedded.json"), "utf8")) as { url: string };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const ids = { high: randomUUID(), low: randomUUID() };
  try {
    for (const [priority, id, content, range] of [
      ["high", ids.high, "Before requesting payments, call apis.phone.search_contacts(relationship='roommate') and collect every roommate's email.", [0, 4]],
      ["low", ids.low, "Call apis.venmo.show_payment_requests() after creating requests to verify each one exists.", [20, 22]],
    ] as const) {
      await client.query(
        `INSERT INTO "Tip" (id, "projectId", category, content, purpose, steps, trigger, priority, granularity, "indexDescription", origin, flags, "updatedAt", "updatedBy")
         SELECT $1::uuid, "projectId", 'strategy', $2, 'Requests must reach every participant.', ARRAY['List contacts', 'Filter roommates'], 'Splitting a bill on venmo.',
                $3::"TipPriority", 'task', "taskDescription", 'llm', '{}', now(), 'extractor' FROM "Trajectory" WHERE id = $4::uuid`,
        [id, content, priority, trajectoryId],
      );
      await client.query(`INSERT INTO "TipSource" (id, "tipId", "trajectoryId", "stepStart", "stepEnd", "outcomeLabel") VALUES (gen_random_uuid(), $1, $2, $3, $4, 'unknown')`, [id, trajectoryId, range[0], range[1]]);
      await client.query(`INSERT INTO "TipEvent" (id, "tipId", type, actor, after) VALUES (gen_random_uuid(), $1, 'proposed', 'extractor', '{"status":"proposed"}')`, [id]);
    }
  } finally {
    await client.end();
  }
  return ids;
}

test.describe("review queue", () => {
  test("extract offline, decide with the keyboard, and find the decisions, history and provenance after a reload", async ({ page, trajectoriesPage, viewerPage, extractPanel, reviewPage }) => {
    test.setTimeout(120_000);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    // The demo project's AppWorld Venmo run (imported on first start from the public samples).
    await trajectoriesPage.goto("demo");
    await trajectoriesPage.search.fill("roommates");
    await expect(trajectoriesPage.rows).toHaveCount(1);
    await trajectoriesPage.rows.first().getByTestId("trajectory-link").click();
    await expect(page).toHaveURL(/\/trajectories\/[0-9a-f-]{36}$/);
    const trajectoryId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(viewerPage.task).toContainText("roommates");
    // The deterministic analysis sits beside the steps: the 422 and the recovery that fixed it.
    await expect(page.getByTestId("analysis-panel")).toContainText("Failure, then recovery");
    await expect(page.getByTestId("analysis-panel").getByText(/failed with .*422/).first()).toBeVisible();

    // Offline extraction: the $0 estimate first, then the job runs to the end.
    await extractPanel.runOffline();
    await extractPanel.reviewLink.click();
    await expect(page).toHaveURL(new RegExp(`/review\\?.*trajectory=${trajectoryId}`));
    await expect(reviewPage.rows).toHaveCount(1);
    const extracted = (await reviewPage.rows.first().getAttribute("data-tip-id"))!;
    await expect(reviewPage.detail).toContainText("apis.api_docs.show_api_doc");

    const seeded = await seedProposals(trajectoryId);
    await page.reload();
    await expect(reviewPage.rows).toHaveCount(3);
    expect(await reviewPage.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-tip-id")))).toEqual([seeded.high, extracted, seeded.low]);
    await reviewPage.setReviewer(REVIEWER);

    // a: approve the selected (first) tip; the queue moves on to the next one.
    await reviewPage.expectDetailOf(seeded.high);
    await reviewPage.press("a");
    await expect(reviewPage.row(seeded.high)).toHaveCount(0);
    await reviewPage.expectDetailOf(extracted);

    // j, then r + reason + Enter: reject the last one.
    await reviewPage.press("j");
    await reviewPage.expectDetailOf(seeded.low);
    await reviewPage.press("r");
    await expect(reviewPage.rejectReason).toBeFocused();
    await page.keyboard.type("Too specific to this run");
    await page.keyboard.press("Enter");
    await expect(reviewPage.row(seeded.low)).toHaveCount(0);
    await reviewPage.expectDetailOf(extracted);

    // e: edit the extracted tip's content, then Ctrl+Enter saves and approves.
    const edited = "When apis.api_docs.show_api_doc fails with 422 for an unknown api_name, call apis.api_docs.show_api_descriptions for that app and retry with a listed name.";
    await reviewPage.press("e");
    await expect(reviewPage.editContent).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(edited);
    await page.keyboard.press("Control+Enter");
    await expect(reviewPage.rows).toHaveCount(0);
    await expect(page.getByText("No proposed tips match these filters")).toBeVisible();

    // Reload: the decisions persist, each with its history entry under the reviewer's name.
    await page.reload();
    await expect(reviewPage.rows).toHaveCount(0);
    await reviewPage.tab("all").click();
    await expect(reviewPage.rows).toHaveCount(3);
    await expect(reviewPage.row(seeded.high)).toHaveAttribute("data-status", "approved");
    await expect(reviewPage.row(extracted)).toHaveAttribute("data-status", "approved");
    await expect(reviewPage.row(seeded.low)).toHaveAttribute("data-status", "rejected");

    const expectations = [
      [seeded.high, "approved"],
      [seeded.low, "rejected"],
      [extracted, "edited_and_approved"],
    ] as const;
    for (const [tipId, type] of expectations) {
      await reviewPage.row(tipId).getByRole("button").click();
      await reviewPage.expectDetailOf(tipId);
      await expect(reviewPage.events(type)).toHaveCount(1);
      await expect(reviewPage.events(type).getByTestId("tip-event-actor")).toHaveText(REVIEWER);
    }
    await expect(reviewPage.events("rejected")).toHaveCount(0); // the pane shows the extracted tip now
    await expect(reviewPage.detail.getByTestId("tip-content")).toContainText(edited);
    await expect(reviewPage.events("edited_and_approved")).toContainText("show_api_descriptions for that app");

    // Provenance: a source link opens the viewer with exactly those steps highlighted.
    const source = reviewPage.detail.getByTestId("tip-source-link").first();
    const [, start, end] = /#steps=(\d+)(?:-(\d+))?$/.exec((await source.getAttribute("href"))!)!;
    await source.click();
    await expect(page).toHaveURL(new RegExp(`/trajectories/${trajectoryId}#steps=`));
    await expect(viewerPage.highlightedSteps.first()).toBeVisible();
    const expected = Array.from({ length: Number(end ?? start) - Number(start) + 1 }, (_, i) => Number(start) + i);
    expect(await viewerPage.highlightedIndexes()).toEqual(expected);
    expect(pageErrors).toEqual([]);
  });
});
