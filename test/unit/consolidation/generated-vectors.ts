// Seeded synthetic embeddings for the clustering tests: points scattered around random centres
// with a noise level that puts many pair similarities near the 0.85 threshold (so the three
// linkages disagree), some centres placed close to another (so clusters chain across), plus
// isolated points. Same seed, same vectors.

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function unit(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return vector.map((value) => value / norm);
}

export interface GeneratedVectorsOptions {
  readonly count: number;
  readonly dimension: number;
  readonly centres: number;
  readonly isolated: number;
  readonly seed: number;
}

/** `count` vectors: `isolated` random ones, the rest around `centres` centres, in shuffled order. */
export function generateClusteredVectors({ count, dimension, centres, isolated, seed }: GeneratedVectorsOptions): number[][] {
  const random = seededRandom(seed);
  const randomUnit = () => unit(Array.from({ length: dimension }, () => gaussian(random)));
  const centreVectors: number[][] = [];
  for (let c = 0; c < centres; c += 1) {
    const base = centreVectors[Math.floor(random() * centreVectors.length)];
    // A quarter of the centres sit near an earlier one (cosine ≈ 0.75–0.9).
    centreVectors.push(base && random() < 0.25 ? unit(base.map((value) => value + 0.09 * gaussian(random))) : randomUnit());
  }
  // Noise per coordinate 0.03–0.07: pair cosines within a centre ≈ 1 / (1 + dimension · σ²).
  const noise = centreVectors.map(() => 0.03 + 0.04 * random());
  const vectors: number[][] = [];
  for (let i = 0; i < count - isolated; i += 1) {
    const c = Math.floor(random() * centres);
    const centre = centreVectors[c] as number[];
    const sigma = noise[c] as number;
    vectors.push(unit(centre.map((value) => value + sigma * gaussian(random))));
  }
  for (let i = 0; i < isolated; i += 1) vectors.push(randomUnit());
  return shuffle(vectors, random);
}

/** Fisher–Yates with the given random source. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}
