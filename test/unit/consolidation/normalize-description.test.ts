// Offline generalization: values, names, verbs and purpose clauses disappear; operations stay.
import { describe, expect, it } from "vitest";
import {
  normalizeDescription,
  offlineCanonicalDescription,
  VERB_SYNONYMS,
} from "../../../lib/consolidation/generalize/normalize-description";
import { cosineSimilarity } from "../../../lib/consolidation/merge/offline-merge";
import { embedText } from "../../../lib/embeddings/local-embeddings";

describe("normalizeDescription", () => {
  it.each([
    ["Send $45 to Jennifer via Venmo for dinner", "send <amount> to <entity> via <entity> for dinner"],
    ["Transfer 12 dollars to Bob using venmo so that he can pay rent", "send <amount> to <entity> via venmo"],
    ["Retrieve Spotify password for john.doe@email.com using supervisor API", "get <entity> password for <email> via supervisor api"],
    ["Get Venmo login credentials for user alice_smith", "get <entity> log in credentials for user <entity>"],
    ["Retrieve credentials in order to check subscription status", "get credentials"],
    ["Update the shipping address to make sure the package arrives", "update shipping address"],
    ["Add a new contact for Jennifer Lopez (phone +1 555-123-4567) on 2024-03-05", "create contact for <entity> phone <number> on <date>"],
    ["Delete order 8f3a9c2e1b4d from the cart", "delete order <id> from cart"],
    ["Searching for songs released after March 3rd, 2023", "find songs released after <date>"],
    ["Log into Spotify and look up the playlists named \"Road Trip\"", "log in to <entity> and get playlists named <value>"],
    ["Show the user's notes; then remove the ones tagged 'old'", "list user notes then delete ones tagged <value>"],
    ["Open https://example.com/orders/991 for the purpose of checking the status", "open <url>"],
    ["new playlist", "create playlist"],
  ])("%s", (input, expected) => {
    expect(normalizeDescription(input)).toBe(expected);
  });

  it("keeps known application names instead of masking them", () => {
    expect(normalizeDescription("Send $45 to Jennifer via Venmo for dinner", { keepNames: ["venmo"] })).toBe(
      "send <amount> to <entity> via venmo for dinner",
    );
  });

  it("does not mask capitals in Title Case text, the first word, or acronyms", () => {
    expect(normalizeDescription("Authenticate With Spotify")).toBe("log in to spotify");
    expect(normalizeDescription("Spotify: fetch the liked songs")).toBe("spotify get liked songs");
    expect(normalizeDescription("export all alarms as CSV")).toBe("export all alarms as csv");
  });

  it("maps every synonym (and its -s / -ing forms) to the canonical verb", () => {
    for (const [canonical, synonyms] of Object.entries(VERB_SYNONYMS)) {
      for (const synonym of synonyms) expect(normalizeDescription(`${synonym} items`)).toBe(`${canonical} items`);
    }
    expect(normalizeDescription("fetching the songs")).toBe("get songs");
    expect(normalizeDescription("removes the alarm")).toBe("delete alarm");
    expect(normalizeDescription("signing in to the phone app")).toBe("log in to phone app");
  });

  it("leaves tool names and placeholders alone", () => {
    expect(normalizeDescription("Call show_account_passwords() before login")).toBe("call show_account_passwords before log in");
  });

  it("is idempotent and deterministic", () => {
    const once = normalizeDescription("Transfer 12 dollars to Bob using venmo so that he can pay rent");
    expect(normalizeDescription(once)).toBe(once);
    expect(normalizeDescription("")).toBe("");
  });

  it("brings equivalent descriptions closer under the local embedder", () => {
    const a = "Send $45 to Jennifer via Venmo for dinner";
    const b = "Transfer 12 dollars to Bob using venmo so that he can pay rent";
    const keep = { keepNames: ["venmo"] };
    const raw = cosineSimilarity(embedText(a), embedText(b));
    const normalized = cosineSimilarity(embedText(normalizeDescription(a, keep)), embedText(normalizeDescription(b, keep)));
    expect(normalized).toBeGreaterThan(raw + 0.2);
  });
});

describe("offlineCanonicalDescription", () => {
  it("picks the description most members share once normalized (first seen on ties)", () => {
    expect(offlineCanonicalDescription(["Fetch the playlists", "Get playlists", "Log in to the app", "Retrieve the playlists"])).toBe("Fetch the playlists");
    expect(offlineCanonicalDescription(["Log in", "Get playlists"])).toBe("Log in");
    expect(offlineCanonicalDescription([])).toBe("");
  });
});
