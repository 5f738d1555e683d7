// The one interface use-cases depend on; providers (local hashing, OpenAI-compatible) implement it.

/**
 * Turns texts into vectors of a fixed, known dimension.
 * Every stored vector records `model` and `dimension`, so switching providers re-embeds
 * instead of mixing incomparable vectors.
 */
export interface EmbeddingClient {
  /** Stored with each vector; also part of the content checksum (changing it re-embeds). */
  readonly model: string;
  /** Length of every vector `embed` returns. */
  readonly dimension: number;
  /** One vector per input text, in input order. Texts without content embed to all zeros. */
  embed(texts: string[]): Promise<number[][]>;
}
