// Optimization tips from repeated granular calls (paper §3.1.3: "use empty_cart() instead of
// iterating remove_from_cart(item_id)"). With no bulk tool known, the tip says to look for one
// rather than inventing a name.
import type { BulkOpportunity } from "../../analysis/schema";
import type { OfflineTip } from "./schema";
import { applicationFor, offlineTipBase, type TipContext } from "./tip-context";

/** Five or more calls is a real cost; fewer is a minor one. */
const COSTLY_CALLS = 5;

export function optimizationTip(context: TipContext, opportunity: BulkOpportunity): OfflineTip {
  const label = opportunity.action;
  const item = opportunity.varyingArgument ?? "item";
  const bulk = opportunity.bulkAlternative;
  const made = opportunity.inCodeLoop ? "in a loop" : `${opportunity.callCount} times`;
  const first = opportunity.steps[0]!;
  const tip = bulk
    ? {
        content: `Use ${bulk} instead of calling ${label} once per ${item}.`,
        purpose: `One ${bulk} call replaces a granular ${label} call per ${item} (the source run called it ${made}), saving steps, tokens and rate limit.`,
        steps: [
          `When several ${item} values need the same operation, check whether ${bulk} covers them (read its documentation if unsure).`,
          `Call ${bulk} once instead of ${label} for each ${item}.`,
          `Verify the result covers every item the task needs.`,
        ],
        trigger: `When a task needs ${label} for many ${item} values`,
        negativeExample: `Do not loop over items calling ${label}(${item}=…) one at a time when ${bulk} exists.`,
      }
    : {
        content: `Avoid calling ${label} once per ${item}: look for a list, batch or bulk variant in the available tools or API docs and use it when one exists.`,
        purpose: `The source run called ${label} ${made} with only ${item} changing; a bulk call would do the same work in one step.`,
        steps: [
          `Before issuing ${label} for several ${item} values, search the tool list or API docs for a variant that takes many (names with all, bulk, batch, list).`,
          `If one exists, call it once with all the ${item} values.`,
          `Otherwise keep the per-${item} calls, but stop as soon as the needed result is found.`,
        ],
        trigger: `When a task needs ${label} for several ${item} values`,
        negativeExample: `Do not call ${label} once per ${item} without first checking for a bulk alternative.`,
      };
  return {
    category: "optimization",
    ...tip,
    application: applicationFor(context, first),
    priority: opportunity.callCount >= COSTLY_CALLS ? "medium" : "low",
    provenance: [{ stepStart: first, stepEnd: opportunity.steps.at(-1)! }],
    evidence: `Steps ${opportunity.steps.join(", ")}: ${label} called ${made}${opportunity.varyingArgument ? ` with only ${opportunity.varyingArgument} varying` : ""}${bulk ? `; ${bulk} appears in the run or its API docs` : ""}.`,
    ...offlineTipBase(context),
  };
}
