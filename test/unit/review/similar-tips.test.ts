// The similarity labels and the conflict heuristic, and the thresholds calibrated on the local
// embedder with the offline extractor's own tips.
import { describe, expect, it } from "vitest";
import { analyzeTrajectory } from "@/lib/analysis";
import { embedText } from "@/lib/embeddings/local-embeddings";
import { extractOfflineTips, type OfflineTip } from "@/lib/extraction/offline";
import {
  classifySimilarTip,
  cosineSimilarity,
  hasOppositeAdvice,
  NEAR_DUPLICATE_SIMILARITY,
  RELATED_SIMILARITY,
  similarityFlags,
  tipContentText,
  type ComparableTip,
} from "@/lib/review/similar-tips";
import type { NormalizedTrajectory } from "@/lib/trajectory/schema";
import { buildTrajectory, code, replError, tool } from "../analysis/build-trajectory";

const fail = (message: string) => ({ isError: true, errorMessage: message });
const onlyTip = (trajectory: NormalizedTrajectory): OfflineTip => {
  const tips = extractOfflineTips(trajectory, analyzeTrajectory(trajectory));
  expect(tips).toHaveLength(1);
  return tips[0]!;
};
const similarity = (a: OfflineTip, b: OfflineTip) => cosineSimilarity(embedText(tipContentText(a)), embedText(tipContentText(b)));

function buildTip(overrides: Partial<ComparableTip> = {}): ComparableTip {
  return { category: "recovery", application: "shop", content: "When checkout fails with 422, call get_payment_methods, then retry checkout.", ...overrides };
}

/** A payment request rejected with 401 until the agent logs in (an AppWorld-style REPL run). */
function venmoRun(requestNumber: number) {
  return buildTrajectory(
    [
      code("apis.venmo.create_payment_request(user_email='nan_ritt@gmail.com', amount=32)", replError(401, `Not authorized for nan_ritt@gmail.com, request ${requestNumber}.`), { isError: true }),
      code("t = apis.venmo.login(username=u, password=p)['access_token']\napis.venmo.create_payment_request(access_token=t, user_email='nan_ritt@gmail.com', amount=32)", "ok"),
    ],
    { task: { description: "Pay Nancy $32 on venmo." } },
  );
}

/** checkout rejected with 422 until the agent looks up a payment method (and, in some runs, more). */
function checkoutRun(lookups: string[]) {
  const ids = Object.fromEntries(lookups.map((name) => [name, `${name}_id_1`]));
  return buildTrajectory(
    [
      tool("checkout", { product_id: 17 }, "Error 422: payment method required", fail("payment method required")),
      ...lookups.map((name) => tool(name, {}, JSON.stringify([{ id: ids[name] }]))),
      tool("checkout", { product_id: 17, payment_method_id: "card_1", ...(lookups.includes("get_addresses") && { address_id: "get_addresses_id_1" }) }, '{"status": "confirmed"}'),
    ],
    { task: { description: "Buy it.", applications: ["shop"] } },
  );
}

describe("thresholds on the offline extractor's recovery tips (local embedder)", () => {
  it("the same tool and error from two runs are near-duplicates", () => {
    const base = onlyTip(checkoutRun(["get_payment_methods"]));
    for (const other of [onlyTip(checkoutRun(["get_payment_methods", "get_addresses"])), onlyTip(checkoutRun([]))]) {
      expect(other.content).not.toBe(base.content);
      expect(similarity(base, other)).toBeGreaterThanOrEqual(NEAR_DUPLICATE_SIMILARITY);
      expect(classifySimilarTip(other, base, similarity(base, other))).toBe("likely duplicate");
    }
    // The error's request number is masked in one run and too short to mask in the other.
    const [first, second] = [onlyTip(venmoRun(8822771)), onlyTip(venmoRun(2))];
    expect(second.content).not.toBe(first.content);
    expect(similarity(first, second)).toBeGreaterThanOrEqual(NEAR_DUPLICATE_SIMILARITY);
  });

  it("recovery tips for different tools are not", () => {
    const venmo = onlyTip(venmoRun(8822771));
    const shop = onlyTip(checkoutRun(["get_payment_methods"]));
    const spotify = onlyTip(
      buildTrajectory([
        code("apis.spotify.show_playlist(playlist_id=5)", replError(401, "Not authorized for playlist 5."), { isError: true }),
        code("t = apis.spotify.login(username=u, password=p)['access_token']\napis.spotify.show_playlist(access_token=t, playlist_id=5)", "ok"),
      ]),
    );
    expect(similarity(venmo, shop)).toBeLessThan(RELATED_SIMILARITY);
    // The same recovery shape for another app's API: related, not the same lesson.
    expect(similarity(venmo, spotify)).toBeLessThan(NEAR_DUPLICATE_SIMILARITY);
    expect(classifySimilarTip(venmo, spotify, similarity(venmo, spotify))).toBe("related");
  });
});

describe("hasOppositeAdvice", () => {
  it.each([
    ["When checkout fails with 422, retry checkout once unchanged.", "When checkout fails with 422, never retry checkout unchanged; call get_payment_methods first."],
    ["Call apis.venmo.show_payment_requests() after creating requests.", "Do not call apis.venmo.show_payment_requests() after creating requests."],
    ["Paginate apis.venmo.show_transactions until an empty page.", "Avoid paginating apis.venmo.show_transactions; pass page_limit=20 instead."],
    ["Don't retry apis.venmo.login with the same password.", "Retry apis.venmo.login once."],
    ["Switch to search_products instead of retrying get_product unchanged.", "Retry get_product once: the error is transient."],
  ])("sees a negated action recommended by the other tip: %s / %s", (a, b) => {
    expect(hasOppositeAdvice(a, b)).toBe(true);
    expect(hasOppositeAdvice(b, a)).toBe(true);
  });

  it.each([
    ["When checkout fails with 422, call get_payment_methods, then retry checkout passing payment_method_id.", "When checkout fails with 422, call list_saved_cards, then retry checkout passing card_id."],
    ["Do not retry checkout unchanged after a 422.", "Do not retry checkout unchanged after a 409; call get_cart first."],
    ["Never retry apis.venmo.login with the same password.", "Retry apis.spotify.login after refreshing the token."],
    ["Use empty_cart() instead of calling remove_from_cart for each item.", "Use empty_cart() rather than calling remove_from_cart item by item."],
    ["Call get_cart() before checkout and stop if it is empty.", "Call list_addresses() before checkout and pick the default address."],
    ["Do not forget to call get_cart() before checkout.", "Call get_cart() before checkout."],
  ])("needs the same verb and object, negated on one side only: %s / %s", (a, b) => {
    expect(hasOppositeAdvice(a, b)).toBe(false);
  });

  it("stays conservative: a negated verb without its object in the same clause is not matched", () => {
    expect(hasOppositeAdvice("If checkout fails, never retry; call get_payment_methods first.", "Call get_payment_methods, then retry checkout.")).toBe(false);
  });
});

describe("classifySimilarTip", () => {
  const retry = buildTip({ content: "When checkout fails with 422, retry checkout once unchanged." });
  const never = buildTip({ content: "When checkout fails with 422, never retry checkout unchanged." });

  it("labels by similarity: below 0.5 nothing, then related, then likely duplicate in the same category", () => {
    expect(classifySimilarTip(buildTip(), buildTip(), 0.49)).toBeNull();
    expect(classifySimilarTip(buildTip(), buildTip(), 0.5)).toBe("related");
    expect(classifySimilarTip(buildTip(), buildTip(), 0.9)).toBe("likely duplicate");
    expect(classifySimilarTip(buildTip(), buildTip({ category: "strategy" }), 0.95)).toBe("related");
  });

  it("calls opposite advice a possible conflict — even above the duplicate threshold — within one context", () => {
    expect(classifySimilarTip(retry, never, 0.6)).toBe("possible conflict");
    expect(classifySimilarTip(retry, never, 0.95)).toBe("possible conflict");
    expect(classifySimilarTip(retry, { ...never, category: "strategy" }, 0.6)).toBe("possible conflict");
    expect(classifySimilarTip(retry, { ...never, application: null }, 0.6)).toBe("possible conflict");
  });

  it("does not compare advice across applications, or optimizations with recoveries", () => {
    expect(classifySimilarTip(retry, { ...never, application: "bank" }, 0.6)).toBe("related");
    expect(classifySimilarTip(retry, { ...never, category: "optimization" }, 0.6)).toBe("related");
    expect(classifySimilarTip(retry, never, 0.4)).toBeNull();
  });
});

describe("similarityFlags", () => {
  it("flags duplicates and conflicts and records them best first; related tips inform only", () => {
    const result = similarityFlags([
      { id: "a", similarity: 0.6, label: "related" },
      { id: "b", similarity: 0.62, label: "possible conflict" },
      { id: "c", similarity: 0.93, label: "likely duplicate" },
    ]);
    expect(result.flags).toEqual(["near_duplicate", "possible_conflict"]);
    expect(result.similarTo.map((match) => match.id)).toEqual(["c", "b"]);
    expect(similarityFlags([{ id: "a", similarity: 0.7, label: "related" }])).toEqual({ flags: [], similarTo: [] });
  });
});

describe("cosineSimilarity", () => {
  it("is 1 for the same direction and 0 against a zero vector", () => {
    expect(cosineSimilarity([3, 4], [6, 8])).toBeCloseTo(1, 10);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });
});
