import type { FieldError } from "@bahi/contract";

/** RFC 6901: `~` and `/` within a key are escaped. */
const pointerKey = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * Adds an error for each string under `value` that holds U+0000. JSON and URLs can carry it, but
 * PostgreSQL's text cannot: a statement given one fails, which answered 500 wherever a request's
 * string reached the database (an id in the path, `q`, a cursor, a note). It is outside the contract
 * instead (400), wherever it is.
 */
export function nulCharacterErrors(value: unknown, pointer: string, errors: FieldError[]): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) {
      errors.push({ pointer, code: "nul_character", message: "must not contain the character U+0000" });
    }
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) nulCharacterErrors(item, `${pointer}/${index}`, errors);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      nulCharacterErrors(key, `${pointer}/${pointerKey(key)}`, errors);
      nulCharacterErrors(item, `${pointer}/${pointerKey(key)}`, errors);
    }
  }
}
