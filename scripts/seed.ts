// `npm run db:seed`: create the demo project if it does not exist yet (the launcher also does this on first start).
import { bootstrapDatabase } from "../lib/db/bootstrap";
import { disconnectDb } from "../lib/db/client";
import { seedDemoProjectOnce } from "../lib/demo/seed-demo-project";

const database = await bootstrapDatabase();
const report = await seedDemoProjectOnce();
console.log(report ? `Demo project created: ${report.imported} imported, ${report.failed.length} failed.` : "The demo project already exists.");
for (const failure of report?.failed ?? []) console.log(`  ${failure.file}: ${failure.error}`);
await disconnectDb();
await database.embedded?.stop();
