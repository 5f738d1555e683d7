// Record builders with fresh ids: tests isolate by unique data, never by truncating tables.
import { randomUUID } from "node:crypto";
import { getDb } from "../lib/db/client";
import type { Prisma } from "../lib/db/generated/client";

export async function createProject(overrides: Partial<Prisma.ProjectCreateInput> = {}) {
  const id = randomUUID();
  return getDb().project.create({ data: { id, slug: `test-${id}`, name: `Test ${id.slice(0, 8)}`, ...overrides } });
}

export async function createTrajectory(projectId: string, overrides: Partial<Prisma.TrajectoryUncheckedCreateInput> = {}) {
  return getDb().trajectory.create({
    data: {
      projectId,
      sourceFormat: "openai_chat_completions",
      contentHash: randomUUID(),
      taskDescription: "Buy the cheapest wireless mouse and pay with the saved card",
      applications: ["amazon"],
      ...overrides,
    },
  });
}

export async function createTip(projectId: string, overrides: Partial<Prisma.TipUncheckedCreateInput> = {}) {
  return getDb().tip.create({
    data: {
      projectId,
      category: "strategy",
      content: "Before checkout, call get_payment_methods() and check the list is non-empty.",
      purpose: "Checkout fails without a payment method.",
      steps: ["Call get_payment_methods()", "Add a payment method if the list is empty", "Proceed to checkout"],
      trigger: "When the task involves checkout or payment",
      indexDescription: "Complete a purchase with checkout",
      ...overrides,
    },
  });
}
