// Builders for the extraction unit tests: small trajectories and schema-valid model outputs.
import type { Attribution } from "../../../lib/extraction/attribution/schema";
import type { Subtask } from "../../../lib/extraction/segmentation/schema";
import type { LlmTip } from "../../../lib/extraction/tips/schema";
import { normalizedTrajectorySchema, type NormalizedTrajectory, type NormalizedTrajectoryInput, type StepInput } from "../../../lib/trajectory/schema";

export function buildTrajectory(overrides: Partial<NormalizedTrajectoryInput> = {}): NormalizedTrajectory {
  const steps = (overrides.steps ?? checkoutSteps()).map((step, index) => ({ ...step, index }));
  return normalizedTrajectorySchema.parse({
    task: { description: "Buy the cheapest wireless mouse and pay with the saved card", applications: ["amazon"] },
    metadata: { sourceFormat: "debrief" },
    ...overrides,
    steps,
  });
}

export function toolStep(name: string, args: unknown, observation: string, extra: Partial<StepInput> = {}): StepInput {
  return { index: 0, kind: "tool_call", name, arguments: args, observation, thought: `I will call ${name}.`, ...extra } as StepInput;
}

/** 6 steps: search, open product, checkout fails (no payment method), list methods, add card, checkout ok. */
export function checkoutSteps(): StepInput[] {
  return [
    toolStep("search_products", { query: "wireless mouse", sort: "price" }, '[{"id": 17, "price": 9.99}]'),
    toolStep("show_product", { product_id: 17 }, '{"id": 17, "in_stock": true}'),
    toolStep("checkout", { cart_id: 3 }, '{"error": "payment method required"}', { isError: true, errorMessage: "400: payment method required" }),
    toolStep("get_payment_methods", {}, "[]", { thought: "Checkout failed: no payment method. Let me check." }),
    toolStep("add_payment_method", { card: "saved" }, '{"ok": true}'),
    toolStep("checkout", { cart_id: 3 }, '{"order_id": 99}'),
  ];
}

export function tip(overrides: Partial<LlmTip> = {}): LlmTip {
  return {
    category: "recovery",
    content: "When checkout fails with a missing payment method error, add a payment method before retrying.",
    purpose: "Checkout cannot succeed without a configured payment method.",
    steps: ["Call get_payment_methods()", "If the list is empty, call add_payment_method()", "Retry checkout"],
    trigger: "When checkout or payment operations fail",
    negativeExample: "Do not retry checkout without adding a payment method.",
    application: "amazon",
    taskCategory: "checkout",
    priority: "high",
    provenance: [{ stepStart: 2, stepEnd: 5 }],
    evidence: "Step 2 failed with 'payment method required'; steps 4–5 added one and checkout worked.",
    ...overrides,
  };
}

export function attribution(overrides: Partial<Attribution> = {}): Attribution {
  return {
    summary: "Checkout failed for lack of a payment method; the agent added one and retried.",
    failure: null,
    recovery: {
      whatWentWrong: { description: "checkout was called before verifying a payment method", steps: [2] },
      howRecognised: { description: "the error said payment method required", steps: [2, 3] },
      whatFixedIt: { description: "add_payment_method, then checkout again", steps: [4, 5] },
      whyItWorked: "The missing prerequisite was satisfied.",
    },
    inefficiency: null,
    success: null,
    improvementSteps: ["Call get_payment_methods() before checkout", "Add a payment method if none exists"],
    ...overrides,
  };
}

export function subtask(stepStart: number, stepEnd: number, description: string): Subtask {
  return { description, applications: ["amazon"], stepStart, stepEnd, purpose: `Needed for: ${description}` };
}
