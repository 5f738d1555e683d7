// The tip a merge proposal would create, and what a reviewer may edit before accepting it. Kept
// apart from proposal.ts (which hashes with node:crypto) so the edit form can validate with the
// same schema in the browser.
import { z } from "zod";

/** The tip a merge proposal would create; also what a reviewer may edit before accepting. */
export const proposedTipSchema = z.object({
  category: z.enum(["strategy", "recovery", "optimization"]),
  content: z.string().trim().min(10, "Say what to do in at least a sentence.").max(2000),
  purpose: z.string().trim().min(1).max(2000),
  steps: z.array(z.string().trim().min(1).max(500)).max(20),
  trigger: z.string().trim().min(1).max(1000),
  negativeExample: z.string().trim().max(1000).nullable(),
  application: z.string().trim().max(100).nullable(),
  taskCategory: z.string().trim().max(100).nullable(),
  priority: z.enum(["critical", "high", "medium", "low"]),
});
export type ProposedTip = z.infer<typeof proposedTipSchema>;
