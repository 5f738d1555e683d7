// Scripted model answers for the checkout fixture (a 422 "payment method required" at step 1,
// fixed at steps 2–3), shared by the extraction job and CLI tests. The fixture has an outcome
// label, so a task-level extraction makes two calls: attribution, then the task tips.
import fs from "node:fs";
import path from "node:path";

export const CHECKOUT_FIXTURE_PATH = path.resolve(import.meta.dirname, "../../fixtures/trajectories/debrief/checkout-recovery.json");

/** The fixture as a file to import, with its own task id and description (same steps). */
export function checkoutRun(taskId: string, description: string): { name: string; bytes: Uint8Array } {
  const fixture = JSON.parse(fs.readFileSync(CHECKOUT_FIXTURE_PATH, "utf8"));
  return { name: `${taskId}.json`, bytes: new TextEncoder().encode(JSON.stringify({ ...fixture, task: { ...fixture.task, id: taskId, description } })) };
}

export const CHECKOUT_ATTRIBUTION = {
  summary: "Checkout failed without a payment method; listing payment methods fixed it.",
  failure: null,
  recovery: {
    whatWentWrong: { description: "checkout was called without a payment method", steps: [1] },
    howRecognised: { description: "the 422 said a payment method is required", steps: [1] },
    whatFixedIt: { description: "get_payment_methods gave a method id for the retry", steps: [2, 3] },
    whyItWorked: "The retry passed the saved method explicitly.",
  },
  inefficiency: null,
  success: null,
  improvementSteps: ["List payment methods before checkout"],
};

/** The tips answer: one recovery tip (`content` overridable, to tell runs apart). */
export function checkoutTips(
  content = "When checkout fails with 422 'payment method required', call get_payment_methods() and retry checkout with payment_method_id.",
) {
  return {
    tips: [
      {
        category: "recovery",
        content,
        purpose: "Checkout needs an explicit saved payment method.",
        steps: ["Call get_payment_methods()", "Pick the default method", "Retry checkout with payment_method_id"],
        trigger: "When checkout fails with a payment error",
        negativeExample: "Do not retry checkout with the same arguments.",
        application: "shop",
        taskCategory: "checkout",
        priority: "high",
        provenance: [{ stepStart: 1, stepEnd: 3 }],
        evidence: "Step 1 failed with 422; step 3 succeeded with payment_method_id.",
      },
    ],
  };
}
