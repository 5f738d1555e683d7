// Output of one description-generalization call (paper §3.2.1): one generalized description per
// input key. Keys are the short "d1", "d2" labels of the prompt, mapped back to ids by the caller.
import { z } from "zod";

export const generalizedDescriptionSchema = z.object({
  key: z.string().describe('The key of the input description exactly as given ("d1", "d2", …).'),
  generalized: z
    .string()
    .describe(
      'The generalized description: imperative, lower-case start, at most ~12 words, the core operation and its object without ' +
        'names, emails, ids, amounts or dates and without the purpose ("get service account credentials", not ' +
        '"Retrieve Spotify password for john@x.com to check the plan").',
    ),
});
export type GeneralizedDescription = z.infer<typeof generalizedDescriptionSchema>;

export const generalizationOutputSchema = z.object({
  descriptions: z
    .array(generalizedDescriptionSchema)
    .describe("Exactly one entry per input key, in input order; no key twice, no key that was not given."),
});
export type GeneralizationOutput = z.infer<typeof generalizationOutputSchema>;
