// Vitest alias target for "server-only" (the real package throws outside RSC).
export {};
