import { describe, expect, it } from "vitest";
import {
  LOCAL_EMBEDDING_DIMENSION,
  LOCAL_EMBEDDING_MODEL,
  createLocalEmbeddings,
  embedText,
} from "@/lib/embeddings/local-embeddings";

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] as number), 0);
const norm = (v: number[]) => Math.sqrt(cosine(v, v));

// Real agent-task sentences: a query, a paraphrase sharing few or no surface words, and
// three unrelated sentences. The paraphrase must be closer than every unrelated one.
const TRIPLES: { query: string; paraphrase: string; unrelated: [string, string, string] }[] = [
  {
    query: "renew my music subscription",
    paraphrase: "extend my membership for the streaming service",
    unrelated: ["what is the weather in Paris tomorrow", "convert the csv export to json", "write a haiku about autumn leaves"],
  },
  {
    query: "schedule a recurring weekly meeting with the team",
    paraphrase: "set up a weekly meeting",
    unrelated: ["how many calories are in a banana", "translate this paragraph into German", "reset the router to factory settings"],
  },
  {
    query: "remove all items from the shopping cart",
    paraphrase: "empty the cart",
    unrelated: ["what is the weather in Paris tomorrow", "book a table for two at an Italian restaurant", "summarize the quarterly earnings report"],
  },
  {
    query: "fetch the latest invoice from the billing portal",
    paraphrase: "retrieve the most recent invoice in billing",
    unrelated: ["play some relaxing jazz music", "how tall is the Eiffel tower", "rename the git branch to main"],
  },
  {
    query: "sign in to the admin dashboard with my credentials",
    paraphrase: "authenticate on the administrator panel",
    unrelated: ["order a large pepperoni pizza", "what time does the pharmacy close", "compress these photos into a zip archive"],
  },
  {
    query: "buy two tickets for the concert on Friday",
    paraphrase: "purchase concert tickets for Friday night",
    unrelated: ["set a timer for ten minutes", "what is the capital of Australia", "delete the old backups from the server"],
  },
  {
    query: "delete the old backups from the server",
    paraphrase: "remove outdated backup files stored on the server",
    unrelated: ["buy two tickets for the concert on Friday", "how do I bake sourdough bread", "list the open pull requests"],
  },
  {
    query: "find cheap flights from Boston to Denver",
    paraphrase: "search for low-cost airfare between Boston and Denver",
    unrelated: ["renew my music subscription", "fix the failing unit tests", "turn off the living room lights"],
  },
];

// Held out from the synonym table: these pairs share only stems, sub-words and word order,
// so they measure the hashing features alone (no hand-written synonym helps them).
const HELD_OUT_TRIPLES: typeof TRIPLES = [
  {
    query: "retry the request with exponential backoff when the API returns 429",
    paraphrase: "on 429 responses, back off exponentially before retrying the API call",
    unrelated: ["what is the weather in Paris tomorrow", "water the tomato plants twice a week", "translate this paragraph into German"],
  },
  {
    query: "close the cookie consent popup before clicking the checkout button",
    paraphrase: "dismiss the cookie banner first, then click checkout",
    unrelated: ["bake chocolate chip cookies for the party", "how many calories are in a banana", "rename the git branch to main"],
  },
  {
    query: "wait for the page to finish loading before reading the table",
    paraphrase: "let the page load completely, then read the table rows",
    unrelated: ["book a table for two at an Italian restaurant", "play some relaxing jazz music", "convert the csv export to json"],
  },
  {
    query: "convert prices to US dollars before comparing them",
    paraphrase: "compare the prices only after converting the currency to dollars",
    unrelated: ["turn off the living room lights", "summarize the quarterly earnings report", "fix the failing unit tests"],
  },
  {
    query: "the date picker expects dates formatted as YYYY-MM-DD",
    paraphrase: "format the date as YYYY-MM-DD before typing it into the picker",
    unrelated: ["order a large pepperoni pizza", "list the open pull requests", "what time does the pharmacy close"],
  },
  {
    query: "scroll down to load more search results",
    paraphrase: "more results appear only after scrolling to the bottom of the results list",
    unrelated: ["write a haiku about autumn leaves", "reset the router to factory settings", "how tall is the Eiffel tower"],
  },
];

describe("embedText", () => {
  it("is deterministic", () => {
    const text = "Retry the request with exponential backoff when the API returns 429";
    expect(embedText(text)).toEqual(embedText(text));
  });

  it(`returns ${LOCAL_EMBEDDING_DIMENSION} finite numbers of unit length`, () => {
    const vector = embedText("Open the settings page and toggle dark mode");
    expect(vector).toHaveLength(LOCAL_EMBEDDING_DIMENSION);
    expect(vector.every(Number.isFinite)).toBe(true);
    expect(norm(vector)).toBeCloseTo(1, 10);
  });

  it.each(["", "   \n\t", "the of and to", "!!! ... ???"])("returns a zero vector without NaN for %j", (text) => {
    const vector = embedText(text);
    expect(vector).toHaveLength(LOCAL_EMBEDDING_DIMENSION);
    expect(vector.every((value) => value === 0)).toBe(true);
  });

  it("ignores case, accents and punctuation", () => {
    expect(cosine(embedText("Café résumé: UPDATE it!"), embedText("cafe resume update it"))).toBeCloseTo(1, 10);
  });

  it("folds inflections and synonyms", () => {
    expect(cosine(embedText("scheduling meetings"), embedText("schedule meeting"))).toBeCloseTo(1, 10);
    expect(cosine(embedText("purchased a subscription"), embedText("buy a membership"))).toBeCloseTo(1, 10);
  });
});

describe.each([
  { name: "paraphrases (some folded by the synonym table)", triples: TRIPLES },
  { name: "held-out paraphrases (no synonym help)", triples: HELD_OUT_TRIPLES },
])("$name rank above unrelated sentences", ({ name, triples }) => {
  const results = triples.map(({ query, paraphrase, unrelated }) => {
    const q = embedText(query);
    const unrelatedSimilarities = unrelated.map((text) => cosine(q, embedText(text)));
    return { query, paraphrase, paraphraseSimilarity: cosine(q, embedText(paraphrase)), unrelatedSimilarities };
  });

  it.each(results)("$query", ({ paraphraseSimilarity, unrelatedSimilarities }) => {
    for (const similarity of unrelatedSimilarities) expect(paraphraseSimilarity).toBeGreaterThan(similarity);
  });

  it("has a clear mean margin, and each paraphrase is its query's nearest sentence", () => {
    const margins = results.map((r) => r.paraphraseSimilarity - Math.max(...r.unrelatedSimilarities));
    const meanMarginVsMax = mean(margins);
    const meanMarginVsMean = mean(results.map((r) => r.paraphraseSimilarity - mean(r.unrelatedSimilarities)));
    console.table(
      results.map((r, i) => ({
        query: r.query.slice(0, 48),
        paraphrase: round(r.paraphraseSimilarity),
        maxUnrelated: round(Math.max(...r.unrelatedSimilarities)),
        margin: round(margins[i] as number),
      })),
    );
    console.log(`${name}: mean margin vs max unrelated ${round(meanMarginVsMax)}, vs mean unrelated ${round(meanMarginVsMean)}`);
    expect(meanMarginVsMax).toBeGreaterThan(0.1);

    // Retrieval view: among every other sentence of the set, the nearest is the paraphrase.
    const pool = [...new Set(triples.flatMap((t) => [t.paraphrase, ...t.unrelated]))];
    for (const { query, paraphrase } of triples) {
      const q = embedText(query);
      const similarity = (text: string) => cosine(q, embedText(text));
      const ranked = pool.filter((text) => text !== query).sort((a, b) => similarity(b) - similarity(a));
      expect(ranked[0], query).toBe(paraphrase);
    }
  });
});

describe("createLocalEmbeddings", () => {
  it("embeds a batch in order with the local model name", async () => {
    const client = createLocalEmbeddings();
    expect(client.model).toBe(LOCAL_EMBEDDING_MODEL);
    expect(client.dimension).toBe(LOCAL_EMBEDDING_DIMENSION);
    const vectors = await client.embed(["empty the cart", ""]);
    expect(vectors).toEqual([embedText("empty the cart"), embedText("")]);
  });
});

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
