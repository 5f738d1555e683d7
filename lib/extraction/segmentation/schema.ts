// Output of trajectory segmentation (§3.1.4 phase A): logical subtasks with generalized
// descriptions; each later gets its own tips call and is retrieved by its description.
import { z } from "zod";

export const subtaskSchema = z.object({
  description: z
    .string()
    .describe(
      'Generalized, imperative description of the phase, naming the application but no entities: "Authenticate with Spotify", ' +
        '"Retrieve all contacts with a given relationship", not "Login as jane@example.com".',
    ),
  applications: z.array(z.string()).describe('Lowercase applications involved (e.g. ["venmo"]); empty for pure reasoning or reporting.'),
  stepStart: z.number().int().describe("First step of the subtask, as shown in [step N]."),
  stepEnd: z.number().int().describe("Last step of the subtask (inclusive)."),
  purpose: z.string().describe("Why the task needs this phase, in generic terms (one sentence)."),
});
export type Subtask = z.infer<typeof subtaskSchema>;

export const segmentationSchema = z.object({
  subtasks: z
    .array(subtaskSchema)
    .describe("The subtasks in step order: contiguous, non-overlapping, together covering every step from the first to the last."),
});
export type Segmentation = z.infer<typeof segmentationSchema>;
