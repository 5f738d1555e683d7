// POST /api/retrieval/playground – the Retrieval page's retrieval: every candidate explained, logged
// with source "playground". POST, not GET: it writes the retrieval log, and the task can be long.
import { errorResponse, readJsonBody } from "@/lib/http";
import { createRetrievalDeps } from "@/lib/retrieval/deps";
import { runPlayground, type PlaygroundRequest } from "@/lib/retrieval/playground";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  try {
    const input = (await readJsonBody(request)) as PlaygroundRequest;
    return Response.json(await runPlayground(input, await createRetrievalDeps()));
  } catch (error) {
    return errorResponse(error);
  }
}
