import { expect, test } from "./fixtures";
import { seedConsolidationProject, SEEDED_TIPS } from "./support/seed-consolidation";

const REVIEWER = "carol-e2e";

test.describe("consolidation", () => {
  test("open a cluster, inspect a merge diff, accept it, see the sources marked merged and the new tip approved with the union of provenance, revert it", async ({
    page,
    request,
    clustersPage,
    proposalPage,
  }) => {
    test.setTimeout(120_000);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const seeded = await seedConsolidationProject(request, { project: `consolidate merge ${Date.now()}` });

    // Before any run: the page explains consolidation and offers the run.
    await clustersPage.goto(seeded.projectSlug);
    await expect(page.getByText("Not consolidated yet")).toBeVisible();
    await expect(clustersPage.thresholdInput).toHaveValue("0.85");
    await clustersPage.runOffline();

    // Lisbon and Porto clustered (two descriptions, one open proposal); Madrid alone, folded away.
    const cluster = clustersPage.clusterWith("Lisbon");
    await expect(cluster).toHaveCount(1);
    await expect(cluster.getByTestId("cluster-member")).toHaveCount(2);
    await expect(cluster.getByTestId("cluster-member").filter({ hasText: "Porto" })).toHaveCount(1);
    await expect(cluster.getByTestId("cluster-size")).toContainText("2 tips · 2 descriptions");
    await expect(cluster.getByTestId("cluster-tips-by-status")).toContainText("1 approved · 1 proposed");
    await expect(cluster.getByTestId("cluster-open-proposals")).toContainText("1 open proposal");
    await expect(clustersPage.clusterWith("Madrid")).toHaveCount(0);
    await clustersPage.toggleSingles.click();
    await expect(clustersPage.clusterWith("Madrid")).toHaveCount(1);
    await expect(clustersPage.tab("runs")).toHaveAttribute("data-count", "1");

    // The map: one point per description; clicking one selects its cluster.
    await expect(clustersPage.mapPoints).toHaveCount(3);
    const clusterId = (await cluster.getAttribute("data-cluster-id"))!;
    const point = page.locator(`[data-testid="map-point"][data-cluster-id="${clusterId}"]`).first();
    await point.hover();
    await expect(clustersPage.mapTooltip).toContainText(/Lisbon|Porto/);
    await point.click();
    await expect(clustersPage.selectedCluster).toHaveAttribute("data-cluster-id", clusterId);

    // The cluster page: its members, its tips (linked) and its proposal.
    await cluster.getByTestId("cluster-link").click();
    await expect(page).toHaveURL(new RegExp(`/clusters/${clusterId}$`));
    await expect(page.getByTestId("cluster-tip")).toHaveCount(2);
    await expect(page.getByTestId("cluster-tip").getByRole("link").first()).toHaveAttribute("href", /^\/tips\//);
    await expect(clustersPage.proposalRows).toHaveCount(1);
    await clustersPage.proposalRows.first().getByTestId("proposal-link").click();
    await expect(page).toHaveURL(/\/clusters\/proposals\/[0-9a-f-]{36}$/);

    // The merge diff: the approved Lisbon tip's wording is kept; Porto's words are shown changing into it.
    await proposalPage.expectStatus("proposed");
    await expect(page.getByTestId("proposal-kind")).toHaveText("merge");
    await expect(page.getByTestId("diff-merged-content")).toHaveText(SEEDED_TIPS.lisbon.content);
    const portoWords = proposalPage.diff.getByTestId("diff-words").nth(1);
    await expect(portoWords.getByTestId("diff-delete")).toContainText("returned by");
    await expect(portoWords.getByTestId("diff-insert")).toContainText("from");
    await expect(page.getByTestId("diff-priority")).toContainText("most severe source priority");
    await expect(page.getByTestId("diff-priority").locator("td").last()).toContainText("high");
    await expect(page.getByTestId("diff-merged-steps").locator("li")).toHaveText([/search_city/, /get_forecast\(city_id=<id>/, /Retry get_forecast/]);
    await expect(proposalPage.unionProvenance.getByTestId("tip-source-link")).toHaveCount(2);
    await expect(page.getByTestId("proposal-effects")).toContainText("not duplicates");

    // Accept with the keyboard.
    await page.getByTestId("reviewer-name").click();
    await page.getByTestId("reviewer-input").fill(REVIEWER);
    await page.getByTestId("reviewer-input").press("Enter");
    await expect(page.getByTestId("reviewer-name")).toHaveText(REVIEWER);
    await proposalPage.press("a");
    await proposalPage.expectStatus("accepted");
    await expect(page.getByTestId("proposal-decision")).toContainText(`accepted by ${REVIEWER}`);

    // The sources are kept, marked merged; the new tip is approved and carries both sources' steps.
    await expect(proposalPage.sourceTip(seeded.tipIds.lisbon)).toHaveAttribute("data-status", "merged");
    await expect(proposalPage.sourceTip(seeded.tipIds.porto)).toHaveAttribute("data-status", "merged");
    await expect(proposalPage.outcome.getByTestId("result-tip-status")).toContainText("approved");
    const union = proposalPage.unionProvenance.getByTestId("tip-source-link");
    await expect(union).toHaveCount(2);
    const hrefs = await union.evaluateAll((links) => links.map((link) => link.getAttribute("href")).sort());
    expect(hrefs).toEqual([`/trajectories/${seeded.trajectoryIds.lisbon}#steps=1-2`, `/trajectories/${seeded.trajectoryIds.porto}#steps=1-2`].sort());

    // The tip page says the same.
    const proposalUrl = page.url();
    await proposalPage.resultTipLink.click();
    await expect(page).toHaveURL(/\/tips\/[0-9a-f-]{36}$/);
    const resultTipId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByTestId("tip-status").first()).toHaveAttribute("data-status", "approved");
    await expect(page.getByTestId("tip-source-link")).toHaveCount(2);

    // Revert: the exact prior state comes back (Lisbon approved, Porto proposed), the merged tip is archived.
    await page.goto(proposalUrl);
    await proposalPage.revert.click();
    await expect(proposalPage.revertNote).toBeFocused();
    await page.keyboard.type("Different cities, keep both");
    await page.keyboard.press("Enter");
    await proposalPage.expectStatus("reverted");
    await expect(proposalPage.sourceTip(seeded.tipIds.lisbon)).toHaveAttribute("data-status", "approved");
    await expect(proposalPage.sourceTip(seeded.tipIds.porto)).toHaveAttribute("data-status", "proposed");
    await expect(proposalPage.outcome.getByTestId("result-tip-status")).toContainText("archived");
    await expect(page.getByTestId("proposal-decision")).toContainText("Different cities, keep both");
    await expect(proposalPage.revert).toHaveCount(0);

    // Back on the Clusters page the proposal is listed as reverted.
    await clustersPage.goto(seeded.projectSlug, { tab: "proposals", status: "reverted" });
    await expect(clustersPage.proposalRows).toHaveCount(1);
    await expect(page.getByTestId("proposal-status-reverted")).toHaveAttribute("data-count", "1");
    await page.goto(`/tips/${resultTipId}`);
    await expect(page.getByTestId("tip-status").first()).toHaveAttribute("data-status", "archived");
    expect(pageErrors).toEqual([]);
  });

  test("the threshold preview shows how clusters would join or split before running, and can become the project default", async ({ page, request, clustersPage }) => {
    test.setTimeout(120_000);
    const seeded = await seedConsolidationProject(request, { project: `consolidate preview ${Date.now()}` });
    await clustersPage.goto(seeded.projectSlug);
    await clustersPage.runOffline();

    // At the run's own threshold nothing changes: 2 clusters, one with several descriptions.
    await expect(clustersPage.preview).toHaveAttribute("data-clusters", "2");
    await expect(clustersPage.preview).toContainText("the same groups as now");

    // Lower: Madrid joins Lisbon + Porto.
    await clustersPage.setThreshold(0.6);
    await expect(clustersPage.preview).toHaveAttribute("data-clusters", "1");
    await expect(clustersPage.preview).toHaveAttribute("data-joins", "2");
    await expect(clustersPage.preview.getByTestId("preview-counts")).toHaveText("1 cluster (1 with several descriptions)");
    await expect(clustersPage.preview).toContainText("2 current clusters would join");

    // Higher: Lisbon and Porto split; colouring the map by the preview greys every point (all alone).
    await clustersPage.setThreshold(0.95);
    await expect(clustersPage.preview).toHaveAttribute("data-clusters", "3");
    await expect(clustersPage.preview).toHaveAttribute("data-splits", "1");
    await expect(clustersPage.preview).toContainText("1 would split");
    await page.getByTestId("colour-by-preview").click();
    await expect(clustersPage.map).toHaveAttribute("data-colour-by", "preview");
    await expect(clustersPage.mapPoints).toHaveCount(3);
    expect(new Set(await clustersPage.mapPoints.evaluateAll((points) => points.map((p) => p.getAttribute("data-colour"))))).toEqual(new Set(["#a1a1aa"]));

    // Linkage changes the preview too; saving makes τ and linkage the project's defaults (kept across reloads).
    await clustersPage.linkage.selectOption("single");
    await expect(clustersPage.preview).toContainText("(single)");
    await clustersPage.saveDefault.click();
    await expect(clustersPage.projectDefaults).toHaveText("Project default: τ = 0.95, single");
    await page.reload();
    await expect(clustersPage.thresholdInput).toHaveValue("0.95");
    await expect(clustersPage.linkage).toHaveValue("single");
    await expect(clustersPage.saveDefault).toBeDisabled();
  });

  test("edit a merge before accepting it (validated like the server), and reject one: the pair is not proposed again", async ({ page, request, clustersPage, proposalPage }) => {
    test.setTimeout(120_000);
    const openProposal = async (project: string) => {
      const seeded = await seedConsolidationProject(request, { project });
      await clustersPage.goto(seeded.projectSlug);
      await clustersPage.runOffline();
      await clustersPage.tab("proposals").click();
      await expect(clustersPage.proposalRows).toHaveCount(1);
      await clustersPage.proposalRows.first().getByTestId("proposal-link").click();
      await proposalPage.expectStatus("proposed");
      return seeded;
    };

    // e opens the form prefilled from the proposal; Esc closes it.
    await openProposal(`consolidate edit ${Date.now()}`);
    await proposalPage.press("e");
    await expect(page.getByTestId("proposal-edit-content")).toBeFocused();
    await expect(page.getByTestId("proposal-edit-content")).toHaveValue(SEEDED_TIPS.lisbon.content);
    await page.keyboard.press("Escape");
    await expect(proposalPage.editForm).toHaveCount(0);

    // Too short: refused in the browser with the schema's message; then accepted as edited.
    await proposalPage.edit.click();
    await page.getByTestId("proposal-edit-content").fill("Retry.");
    await page.getByTestId("proposal-edit-accept").click();
    await expect(proposalPage.editForm.getByRole("alert")).toHaveText("Say what to do in at least a sentence.");
    const edited = "If get_forecast answers 400 unknown parameter 'city', call it again with city_id (the id search_city returned).";
    await page.getByTestId("proposal-edit-content").fill(edited);
    await page.keyboard.press("Control+Enter");
    await proposalPage.expectStatus("overridden");
    await expect(page.getByTestId("proposal-status")).toHaveText("accepted (edited)");
    await expect(proposalPage.resultTipLink).toContainText("call it again with city_id");

    // Reject (r, a note, Enter): remembered as not duplicates, so the next run proposes nothing.
    const second = await openProposal(`consolidate reject ${Date.now()}`);
    await proposalPage.press("r");
    await expect(proposalPage.rejectNote).toBeFocused();
    await page.keyboard.type("Different cities");
    await page.keyboard.press("Enter");
    await proposalPage.expectStatus("rejected");
    await expect(proposalPage.sourceTips).toHaveCount(0); // nothing changed: no outcome section
    await clustersPage.goto(second.projectSlug);
    await clustersPage.runOffline();
    await expect(page.getByTestId("last-run")).toContainText("0 new proposals");
    await expect(clustersPage.tab("proposals")).toHaveAttribute("data-count", "0");
  });
});
