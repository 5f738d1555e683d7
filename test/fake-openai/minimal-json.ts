// The smallest value that satisfies a JSON schema (the subset OpenAI structured outputs use),
// so an unscripted request in "minimal" mode still gets a schema-valid answer.
type Schema = Record<string, unknown>;

const MAX_DEPTH = 12;

export function minimalValueFor(schema: unknown, root: unknown = schema, depth = 0): unknown {
  if (!isObject(schema) || depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === "string") return minimalValueFor(resolveRef(schema.$ref, root), root, depth + 1);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0] ?? null;
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return minimalValueFor(variants[0], root, depth + 1);
  if (Array.isArray(schema.allOf)) return minimalValueFor(schema.allOf[0], root, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.includes("null") ? "null" : schema.type[0]) : schema.type;
  switch (type) {
    case "object":
      return minimalObject(schema, root, depth);
    case "array": {
      const count = typeof schema.minItems === "number" ? schema.minItems : 0;
      return Array.from({ length: count }, () => minimalValueFor(schema.items, root, depth + 1));
    }
    case "string":
      return "x".repeat(typeof schema.minLength === "number" ? schema.minLength : 0);
    case "number":
    case "integer":
      return typeof schema.minimum === "number" ? schema.minimum : 0;
    case "boolean":
      return false;
    case "null":
      return null;
    default:
      return isObject(schema.properties) ? minimalObject(schema, root, depth) : { ok: true };
  }
}

function minimalObject(schema: Schema, root: unknown, depth: number): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key) => typeof key === "string") : [];
  const result: Record<string, unknown> = {};
  for (const key of required) result[key] = minimalValueFor(properties[key], root, depth + 1);
  return result;
}

function resolveRef(ref: string, root: unknown): unknown {
  if (!ref.startsWith("#/")) return null;
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) {
    node = isObject(node) ? node[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  }
  return node;
}

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
