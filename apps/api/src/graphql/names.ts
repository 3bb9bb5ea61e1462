// GraphQL's names are the camelCase forms of REST's snake_case names (DESIGN.md): one rule, both ways.

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A GraphQL input as REST's JSON body: every key snake_cased, values as they are. */
export function restShapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(restShapeOf);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner !== undefined) out[snakeCase(key)] = restShapeOf(inner);
  }
  return out;
}
