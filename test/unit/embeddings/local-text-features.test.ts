import { describe, expect, it } from "vitest";
import { contentTokens, stem, tokenize } from "@/lib/embeddings/local-text-features";

describe("stem", () => {
  it.each([
    ["meetings", "meet"],
    ["scheduling", "schedul"],
    ["scheduled", "schedul"],
    ["schedule", "schedul"],
    ["purchases", "purchas"],
    ["companies", "company"],
    ["matches", "match"],
    ["stopped", "stop"],
    ["shopping", "shop"],
    ["called", "call"],
    ["weekly", "week"],
    ["status", "status"],
    ["analysis", "analysis"],
    ["supply", "supply"],
    ["need", "need"],
    ["bring", "bring"],
    ["using", "use"],
    ["configuration", "configur"],
    ["configure", "configur"],
    ["429", "429"],
  ])("%s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe("tokenize", () => {
  it("lower-cases, strips accents and apostrophes, splits camelCase and punctuation", () => {
    expect(tokenize("Don't re-use getUserById — Café!")).toEqual(["dont", "re", "use", "get", "user", "by", "id", "cafe"]);
  });
});

describe("contentTokens", () => {
  it("drops stop-words and folds phrases and synonyms to one canonical token", () => {
    expect(contentTokens("Signed in to the administrator panel").map((t) => t.token)).toEqual(["login", "admin", "dashboard"]);
    expect(contentTokens("setting up a meeting").map((t) => t.token)).toEqual(["schedule", "meet"]);
  });

  it("keeps frequency words and adds their broader concept", () => {
    expect(contentTokens("weekly report")).toEqual([{ token: "week", concept: "recurring" }, { token: "report" }]);
  });
});
