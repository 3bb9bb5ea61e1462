import type { FieldError } from "@bahi/contract";

/** RFC 6901: `~` and `/` within a key are escaped. */
const pointerKey = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * Whether any string under `value`, keys included, holds U+0000. Plain loops, and pointers written
 * only for a field that holds one: the check runs on every request.
 */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsNul(item)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (key.includes("\u0000") || holdsNul(record[key])) return true;
  return false;
}

function addNulErrors(value: unknown, pointer: string, errors: FieldError[]): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) {
      errors.push({ pointer, code: "nul_character", message: "must not contain the character U+0000" });
    }
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) addNulErrors(item, `${pointer}/${index}`, errors);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      addNulErrors(key, `${pointer}/${pointerKey(key)}`, errors);
      addNulErrors(item, `${pointer}/${pointerKey(key)}`, errors);
    }
  }
}

/**
 * Adds an error for each string under `value` that holds U+0000. JSON and URLs can carry it, but
 * PostgreSQL's text cannot: a statement given one fails, which answered 500 wherever a request's
 * string reached the database (an id in the path, `q`, a cursor, a note). It is outside the contract
 * instead (400), wherever it is. The pointers are written only for a request that has one.
 */
export function nulCharacterErrors(value: unknown, pointer: string, errors: FieldError[]): void {
  if (holdsNul(value)) addNulErrors(value, pointer, errors);
}
