// Trajectory list at 10 000 trajectories: first page, a deep page through the keyset cursor,
// a filtered page and a text search, on the embedded database.
import { performance } from "node:perf_hooks";
import { bootstrapDatabase } from "../../lib/db/bootstrap";
import { disconnectDb, getDb } from "../../lib/db/client";
import { getOrCreateProject } from "../../lib/db/projects";
import { countTrajectories, listTrajectories, type TrajectoryListFilters } from "../../lib/db/trajectory-queries";

const COUNT = 10_000;
const database = await bootstrapDatabase({ dataDir: "memory://" });
const project = await getOrCreateProject({ name: "bench-list" });
const apps = ["spotify", "venmo", "amazon", "gmail", "todoist"];
for (let start = 0; start < COUNT; start += 1000) {
  await getDb().trajectory.createMany({
    data: Array.from({ length: 1000 }, (_, k) => {
      const i = start + k;
      return {
        projectId: project.id,
        sourceFormat: i % 2 ? "openai-chat" : "claude-code",
        contentHash: `bench-${i}`,
        taskDescription: `Task ${i}: ${["renew the subscription", "split the bill", "order a mouse", "archive old mail", "plan the week"][i % 5]}`,
        applications: [apps[i % 5]!],
        outcomeLabel: i % 3 ? "success" : "failure",
        stepCount: 10,
        errorCount: i % 4 === 0 ? 1 : 0,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      };
    }),
  });
}

async function time(label: string, filters: Omit<TrajectoryListFilters, "projectId">, pages = 1) {
  const start = performance.now();
  let cursor: string | undefined;
  for (let page = 0; page < pages; page++) cursor = (await listTrajectories({ projectId: project.id, limit: 50, ...filters, cursor })).nextCursor ?? undefined;
  const last = performance.now();
  const page = await listTrajectories({ projectId: project.id, limit: 50, ...filters, cursor });
  const pageMs = performance.now() - last;
  const total = await countTrajectories({ projectId: project.id, ...filters });
  console.log(`  ${label}: ${pageMs.toFixed(1)} ms for page ${pages + 1} (${page.items.length} rows of ${total}); ${((last - start) / Math.max(1, pages)).toFixed(1)} ms/page before it`);
}

console.log(`trajectory list over ${COUNT} trajectories (embedded PGlite):`);
await time("newest first", {}, 0);
await time("deep page via keyset cursor", {}, 100);
await time("filter outcome=failure, app=venmo", { outcome: "failure", application: "venmo" }, 5);
await time("search 'split the bill'", { q: "split the bill" }, 2);
await disconnectDb();
await database.embedded?.stop();
