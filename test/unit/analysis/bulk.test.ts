// Repeated granular calls: ≥3 calls where only an id-like argument varies, or a per-item API call
// in a code loop when a bulk sibling is known (from the run or from API docs output).
import { describe, expect, it } from "vitest";
import { analyzeTrajectory } from "@/lib/analysis";
import { buildTrajectory, code, tool } from "./build-trajectory";

describe("bulk opportunities", () => {
  it("finds per-id tool calls and a bulk sibling listed in a tools/docs output", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        tool("list_tools", {}, '[{"name": "remove_from_cart"}, {"name": "empty_cart"}, {"name": "get_cart_items"}]'),
        tool("remove_from_cart", { cart: "main", item_id: 101 }, "ok"),
        tool("remove_from_cart", { cart: "main", item_id: 102 }, "ok"),
        tool("remove_from_cart", { cart: "main", item_id: 103 }, "ok"),
      ]),
    );
    expect(analysis.bulkOpportunities).toEqual([
      { actionKey: "remove_from_cart", action: "remove_from_cart", steps: [1, 2, 3], callCount: 3, inCodeLoop: false, varyingArgument: "item_id", bulkAlternative: "empty_cart" },
    ]);
    expect(analysis.outcome.category).toBe("inefficient_success");
  });

  it("reports per-id calls without a known bulk tool", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([tool("get_song", { song_id: "s-1" }, "{}"), tool("get_song", { song_id: "s-2" }, "{}"), tool("get_song", { song_id: "s-3" }, "{}")]),
    );
    expect(analysis.bulkOpportunities).toMatchObject([{ action: "get_song", varyingArgument: "song_id", bulkAlternative: null }]);
  });

  it.each([
    ["pagination", [{ page_index: 0 }, { page_index: 1 }, { page_index: 2 }].map((args) => ({ q: "x", ...args }))],
    ["free-text arguments", [{ location: "Seattle, WA" }, { location: "San Francisco, CA" }, { location: "New York, NY" }]],
    ["two varying arguments", [{ id: 1, note: "a" }, { id: 2, note: "b" }, { id: 3, note: "c" }]],
    ["only two calls", [{ id: 1 }, { id: 2 }]],
  ])("ignores %s", (_name, argsList) => {
    const analysis = analyzeTrajectory(buildTrajectory(argsList.map((args) => tool("fetch_thing", args, "{}"))));
    expect(analysis.bulkOpportunities).toEqual([]);
  });

  it("finds an API called per item in a code loop when the app documents a bulk API", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([
        code("print(apis.api_docs.show_api_descriptions(app_name='amazon'))", '[{"name": "remove_product_from_cart"}, {"name": "empty_cart"}]'),
        code("for item in cart:\n    apis.amazon.remove_product_from_cart(access_token=t, cart_item_id=item['id'])", "Execution successful."),
      ]),
    );
    expect(analysis.bulkOpportunities).toEqual([
      {
        actionKey: "apis.amazon.remove_product_from_cart",
        action: "apis.amazon.remove_product_from_cart",
        steps: [1],
        callCount: 1,
        inCodeLoop: true,
        varyingArgument: "cart_item_id",
        bulkAlternative: "apis.amazon.empty_cart",
      },
    ]);
  });

  it("does not flag a per-item loop when no bulk API is known (sending one request per person is normal)", () => {
    const analysis = analyzeTrajectory(
      buildTrajectory([code("for r in roommates:\n    apis.venmo.create_payment_request(user_email=r['email'], amount=30)", "Execution successful.")]),
    );
    expect(analysis.bulkOpportunities).toEqual([]);
  });
});
