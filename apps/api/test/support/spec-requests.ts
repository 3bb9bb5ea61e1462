import type { OperationSpec } from "@bahi/contract";
import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import { operationObjectOf } from "@bahi/contract/testing";
import { todayInIst } from "@bahi/gst";
import fc, { type Arbitrary } from "fast-check";

/** The parts of a request that the spec describes, as the fuzz tests draw them. */

type Json = Record<string, any>;
const doc = openapi as unknown as Json;

function resolvedParameter(parameter: Json): Json {
  return parameter.$ref ? doc.components.parameters[parameter.$ref.split("/").pop()] : parameter;
}

/** The schema of an operation's parameters `in` the path or query, as one object. */
export function parametersSchema(op: OperationSpec, where: "path" | "query"): Json {
  const item = operationObjectOf(op.operationId) as Json;
  const parameters = ((item.parameters ?? []) as Json[]).map(resolvedParameter).filter((p) => p.in === where);
  // A path parameter is a whole segment: empty, `.` or `..`, the URL names another resource.
  const segment = (schema: Json) => ({
    ...schema,
    minLength: Math.max(1, schema.minLength ?? 0),
    not: { enum: [".", ".."] },
  });
  return {
    type: "object",
    properties: Object.fromEntries(
      parameters.map((p) => [p.name, where === "path" ? segment(p.schema) : p.schema]),
    ),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

export function bodySchemaOf(op: OperationSpec): Json | null {
  const item = operationObjectOf(op.operationId) as Json;
  return item.requestBody?.content["application/json"]?.schema ?? null;
}

const DAY_MS = 86_400_000;
/** Dates from about two years back to two days ahead of today in India: closed years, the future. */
export const nearDates = fc
  .integer({ min: -800, max: 2 })
  .map((days) => new Date(Date.parse(todayInIst(new Date())) + days * DAY_MS).toISOString().slice(0, 10));

/** Mostly one of `known`, sometimes anything the schema allows. */
export const mostly =
  (known: string[]) =>
  (fromSchema: Arbitrary<unknown>): Arbitrary<unknown> =>
    fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fromSchema });
