// Some OpenAI-compatible servers reject `response_format: json_schema`. Once one does, later
// calls to the same server + model go straight to JSON mode instead of paying a failed request.

/** Remembers which server + model pairs rejected json_schema. */
export interface JsonSchemaSupport {
  isUnsupported(baseURL: string | undefined, model: string): boolean;
  markUnsupported(baseURL: string | undefined, model: string): void;
}

export function createJsonSchemaSupport(): JsonSchemaSupport {
  const unsupported = new Set<string>();
  const key = (baseURL: string | undefined, model: string) => `${baseURL ?? "default"}|${model}`;
  return {
    isUnsupported: (baseURL, model) => unsupported.has(key(baseURL, model)),
    markUnsupported: (baseURL, model) => void unsupported.add(key(baseURL, model)),
  };
}

/** Process-wide memory, shared by every client (clients are cheap and created per job). */
export const sharedJsonSchemaSupport: JsonSchemaSupport = createJsonSchemaSupport();
