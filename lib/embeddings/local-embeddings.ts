// The offline default embedder: no weights, no network. Feature hashing ("the hashing trick")
// of word unigrams, word bigrams and character n-grams into a fixed-size signed vector.
// Paraphrases that share stems, synonyms or sub-words land close; it is no substitute for a
// learned model on unrelated vocabulary, which is why the OpenAI-compatible provider exists.
import { contentTokens } from "./local-text-features";
import type { EmbeddingClient } from "./types";

/**
 * Name stored with every local vector. It versions the algorithm: any change to features,
 * weights or hashing must bump it (and add a migration with the matching HNSW index),
 * otherwise old and new vectors would be compared as if they were alike.
 */
export const LOCAL_EMBEDDING_MODEL = "local-hash-v1";
/** Must match the partial HNSW index in prisma/migrations/20261129000100_vector_indexes. */
export const LOCAL_EMBEDDING_DIMENSION = 256;

// Relative weights of the feature families. Words dominate; bigrams reward shared word
// order; character n-grams (many per word, each small) catch inflections, compounds and
// typos the stemmer misses without letting long words swamp short ones.
const WORD_WEIGHT = 1;
const CONCEPT_WEIGHT = 0.6;
const BIGRAM_WEIGHT = 0.5;
const CHAR_GRAM_WEIGHT = 0.22;
const CHAR_GRAM_SIZES = [3, 4, 5] as const;

/** Embeds one text: deterministic, unit length, or all zeros when it has no content words. */
export function embedText(text: string): number[] {
  const dimension = LOCAL_EMBEDDING_DIMENSION;
  const vector = new Array<number>(dimension).fill(0);
  for (const [feature, { count, weight }] of extractFeatures(text)) {
    const hash = hashFeature(feature);
    // The sign bit makes colliding features cancel on average instead of piling up, so
    // inner products stay unbiased estimates of the un-hashed ones.
    const sign = hash & 0x80000000 ? -1 : 1;
    // Sublinear tf: a word repeated ten times is not ten times as topical.
    const value = weight * (1 + Math.log(count));
    const index = (hash >>> 0) % dimension;
    vector[index] = (vector[index] as number) + sign * value;
  }
  return normalize(vector);
}

/** The local embedder as an EmbeddingClient (pure; `embed` is async only to fit the interface). */
export function createLocalEmbeddings(): EmbeddingClient {
  return {
    model: LOCAL_EMBEDDING_MODEL,
    dimension: LOCAL_EMBEDDING_DIMENSION,
    embed: async (texts) => texts.map((text) => embedText(text)),
  };
}

type FeatureCounts = Map<string, { count: number; weight: number }>;

// Family prefixes keep a word and an identical character n-gram apart ("w:cart" vs "c:cart").
function extractFeatures(text: string): FeatureCounts {
  const features: FeatureCounts = new Map();
  const add = (feature: string, weight: number) => {
    const entry = features.get(feature);
    if (entry) entry.count += 1;
    else features.set(feature, { count: 1, weight });
  };
  const tokens = contentTokens(text);
  tokens.forEach(({ token, concept }, i) => {
    add(`w:${token}`, WORD_WEIGHT);
    if (concept) add(`w:${concept}`, CONCEPT_WEIGHT);
    const next = tokens[i + 1];
    if (next) add(`b:${token} ${next.token}`, BIGRAM_WEIGHT);
    const marked = `<${token}>`;
    for (const size of CHAR_GRAM_SIZES) {
      for (let start = 0; start + size <= marked.length; start += 1) {
        add(`c:${marked.slice(start, start + size)}`, CHAR_GRAM_WEIGHT);
      }
    }
  });
  return features;
}

// FNV-1a over UTF-16 code units, then murmur3's finalizer: FNV alone mixes its low bits
// poorly, and the bucket index comes from them. Stable across platforms and releases.
function hashFeature(feature: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < feature.length; i += 1) {
    hash ^= feature.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

// A text without content words stays the zero vector (never NaN); cosine callers must treat
// it as "similar to nothing".
function normalize(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? vector : vector.map((value) => value / norm);
}
