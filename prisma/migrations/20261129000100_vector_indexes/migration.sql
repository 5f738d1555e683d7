-- HNSW (cosine) index for the built-in local embedder's vectors.
-- `Embedding.vector` has no fixed dimension because models differ, and pgvector can
-- only index a fixed dimension; so each (model, dimension) gets its own partial
-- expression index. Queries must repeat the same cast and WHERE clause to use it
-- (lib/db/vectors.ts does). Indexes for other models are created when that model
-- is first used (lib/db/vectors.ts ensureVectorIndex).
CREATE INDEX IF NOT EXISTS "Embedding_vector_local_hash_v1_256_hnsw"
  ON "Embedding" USING hnsw (("vector"::vector(256)) vector_cosine_ops)
  WHERE "model" = 'local-hash-v1' AND "dimension" = 256;
