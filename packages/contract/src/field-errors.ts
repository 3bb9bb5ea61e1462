import type { ErrorObject } from "ajv";
import type { components } from "./generated/schema.js";

export type FieldError = components["schemas"]["FieldError"];

const codeOf: Record<string, string> = {
  additionalProperties: "unknown_field",
  required: "required",
  type: "type",
  enum: "enum",
  const: "enum",
  pattern: "pattern",
  format: "format",
  minimum: "minimum",
  exclusiveMinimum: "minimum",
  maximum: "maximum",
  exclusiveMaximum: "maximum",
  minLength: "min_length",
  maxLength: "max_length",
  minItems: "min_items",
  maxItems: "max_items",
  uniqueItems: "unique_items",
  "x-decimals": "decimals",
  minProperties: "min_properties",
};

/** Combinators whose own error only repeats what their branches already said. */
const summaries = new Set(["oneOf", "anyOf", "allOf", "if", "not"]);

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case "additionalProperties":
      return "is not a known field";
    case "required":
      return "is required";
    case "x-decimals":
      return `must have at most ${error.params.decimals} decimals`;
    default:
      return error.message ?? "is invalid";
  }
}

function escapePointerSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * Turns Ajv's errors into the API's `errors[]`: one entry per bad field, named by a JSON Pointer
 * (with `prefix`, e.g. `/query`, for parameters), the noise of combinators and duplicates removed.
 */
export function toFieldErrors(errors: readonly ErrorObject[], prefix = ""): FieldError[] {
  const specific = errors.filter((e) => !summaries.has(e.keyword));
  const chosen = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of chosen) {
    let pointer = `${prefix}${error.instancePath}`;
    if (error.keyword === "required")
      pointer += `/${escapePointerSegment(String(error.params.missingProperty))}`;
    if (error.keyword === "additionalProperties")
      pointer += `/${escapePointerSegment(String(error.params.additionalProperty))}`;
    const code = codeOf[error.keyword] ?? "invalid";
    const key = `${pointer} ${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer, code, message: messageOf(error) });
  }
  return out;
}
