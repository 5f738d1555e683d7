// Builders for the consolidation unit tests: tips as consolidation reads them.
import type { ConsolidationTipInput } from "../../../lib/consolidation/merge/types";

export function consolidationTip(overrides: Partial<ConsolidationTipInput> & { id: string }): ConsolidationTipInput {
  return {
    category: "strategy",
    priority: "medium",
    content: "Before logging in, call show_account_passwords() and use the password stored for the app.",
    purpose: "Guessing credentials makes login fail.",
    steps: ["Call apis.supervisor.show_account_passwords()", "Pick the entry whose account_name is the app", "Call the app's login API with it"],
    trigger: "When a task needs to log in to an app",
    negativeExample: "Do not guess the password.",
    application: "spotify",
    taskCategory: "authentication",
    status: "proposed",
    origin: "llm",
    sourceOutcomes: ["success"],
    ...overrides,
  };
}
