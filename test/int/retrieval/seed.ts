// A project with tips whose descriptions sit at known similarities (local embedder) to the task
// "Pay my pending Venmo requests": two at 1.0 (a priority tie), 0.79, 0.65, one unrelated, and
// tips that must never be returned (proposed, rejected), plus a clustered subtask tip.
import { getDb } from "@/lib/db/client";
import { createLocalEmbeddings } from "@/lib/embeddings/local-embeddings";
import type { Prisma } from "@/lib/db/generated/client";
import { reindexTips } from "@/lib/retrieval/index-tips";
import { createProject, createTip } from "../../builders";

export const TASK = "Pay my pending Venmo requests";
export const embedder = createLocalEmbeddings();

export async function seedRetrievalProject() {
  const project = await createProject();
  const tip = (overrides: Partial<Prisma.TipUncheckedCreateInput>) => createTip(project.id, { status: "approved", ...overrides });
  const cluster = await getDb().cluster.create({ data: { projectId: project.id, canonicalDescription: "Authenticate with a music streaming app", size: 1 } });
  const tips = {
    critical: await tip({ indexDescription: TASK, category: "recovery", priority: "critical", application: "venmo", content: "When a Venmo payment fails with 'insufficient funds', call show_payment_cards() and pay with a card." }),
    high: await tip({ indexDescription: TASK, category: "strategy", priority: "high", application: "venmo", content: "Call show_received_payment_requests(status='pending') before approving any request." }),
    generic: await tip({ indexDescription: "Pay pending requests on Venmo for my roommates", category: "optimization", priority: "medium", application: null, content: "Use page_limit=20 and loop over page_index instead of one call per item." }),
    low: await tip({ indexDescription: "Complete pending payment requests on Venmo", category: "strategy", priority: "low", application: "venmo", content: "Approve requests with approve_payment_request(payment_request_id) one id at a time." }),
    unrelated: await tip({ indexDescription: "Buy the cheapest wireless mouse", content: "Sort search results by price with sort_by='price' before choosing." }),
    proposed: await tip({ indexDescription: TASK, status: "proposed", content: "Check the Venmo balance with show_venmo_balance() before paying." }),
    rejected: await tip({ indexDescription: TASK, status: "rejected", content: "Always pay every request without checking it first, using pay_all()." }),
    subtask: await tip({ indexDescription: "Log in to Spotify", granularity: "subtask", application: "spotify", clusterId: cluster.id, content: "Call supervisor.show_account_passwords() and log in with login(username, password)." }),
  };
  await reindexTips({ projectId: project.id }, { embedder });
  return { project, cluster, tips };
}

export const noLlm = async (): Promise<never> => {
  throw new Error("cosine retrieval must not build an LLM client");
};
