// Description generalization (paper §3.2.1): entity abstraction, verb normalization and removal of
// purpose qualifiers, so that equivalent subtasks from different trajectories read (and embed) alike.
import { CONSOLIDATION_DATA_RULE, dataLine, fenceData } from "../llm-stage";
import { VERB_SYNONYMS } from "./normalize-description";

export const PROMPT_ID = "consolidation.generalize";
export const PROMPT_VERSION = "v1";
export const SCHEMA_NAME = "generalized_descriptions";

/** Descriptions per call: small enough for a reliable one-to-one answer, large enough to keep wording consistent. */
export const MAX_DESCRIPTIONS_PER_CALL = 40;
/** A description longer than this is cut (they are one-line task / subtask summaries). */
export const MAX_DESCRIPTION_CHARS = 500;

const CANONICAL_VERBS = Object.entries(VERB_SYNONYMS)
  .map(([canonical, synonyms]) => `  ${canonical} ← ${synonyms.slice(0, 5).join(", ")}`)
  .join("\n");

export const SYSTEM_PROMPT = `You generalize task and subtask descriptions from AI agents' runs, so that descriptions of the same operation
from different runs become the same text. They are then embedded and clustered; tips learned for one run are reused by
every run in its cluster. Produce maximally abstract descriptions that still preserve the core operation.

Three transformations, always:
1. Entity abstraction: replace people, usernames, emails, phone numbers, item / order / message ids, amounts, dates, song,
   playlist or file names and quoted values with generic words ("a contact", "the recipient", "an amount", "a playlist").
   Replace an application's name with the kind of service ("a payment app", "a music service", "the supervisor") — keep the
   domain object the operation acts on (payment request, playlist, alarm, credentials), because it defines the operation.
2. Verb normalization: one canonical verb per operation —
${CANONICAL_VERBS}
3. Context removal: drop downstream-purpose qualifiers ("in order to …", "so that …", "to make sure …", "for the purpose of
   …", "for dinner", "to check the subscription status"): the same operation serves many purposes.

Rules:
- Imperative, lower-case start, no final period, at most ~12 words.
- Keep what changes the operation: its object, a filter that changes what is done ("all", "unread", "by relationship"),
  a bulk vs. single distinction. Distinct operations stay distinct: "get service account credentials" and "log in to a
  service" are different operations.
- Inputs that describe the same operation must get exactly the same output text.
- Answer every key exactly once, with the key as given. Never invent keys.

Examples:
- "Retrieve Spotify password for john.doe@email.com using supervisor API" → "get service account credentials"
- "Get Venmo login credentials for user alice_smith" → "get service account credentials"
- "Retrieve credentials in order to check subscription status" → "get service account credentials"
- "Send $45 to Jennifer via Venmo for dinner" → "send money to a contact on a payment app"
- "Sign in to the Phone app with the retrieved password" → "log in to a service with credentials"
Bad: "get john's spotify password" (keeps the entities); "fetch credentials to check the plan" (verb not normalized,
purpose kept); "do the task" (the operation is lost).

${CONSOLIDATION_DATA_RULE}`;

/** One description as sent: the prompt-local key and the text. */
export interface KeyedDescription {
  key: string;
  text: string;
}

export function buildGeneralizationInput(items: readonly KeyedDescription[]): string {
  const lines = items.map((item) => `[${item.key}] ${dataLine(item.text, MAX_DESCRIPTION_CHARS)}`);
  return [
    `Generalize these ${items.length} description(s). Answer each key exactly once.`,
    fenceData("descriptions", lines.join("\n")),
  ].join("\n\n");
}
