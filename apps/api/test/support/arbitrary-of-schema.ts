import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import fc, { type Arbitrary } from "fast-check";

type Schema = Record<string, any>;

const schemas = (openapi as unknown as { components: { schemas: Record<string, Schema> } }).components
  .schemas;

/** The schema a `$ref` names, with what stands beside the `$ref` (a tighter minimum, say) added. */
function resolved(schema: Schema): Schema {
  if (typeof schema.$ref !== "string") return schema;
  const { $ref, ...beside } = schema;
  return merged([resolved(schemas[$ref.replace("#/components/schemas/", "")] as Schema), beside]);
}

export interface ArbitraryOptions {
  /**
   * Values for properties of this name, wherever they are (ids of documents that exist, say), given
   * the values their schema allows.
   */
  readonly properties?: Record<string, (fromSchema: Arbitrary<unknown>) => Arbitrary<unknown>>;
  /** Values for strings of this `format`. */
  readonly formats?: Record<string, Arbitrary<string>>;
}

/** Values valid against a schema of the spec (the subset of JSON Schema it uses), for fuzzing. */
export function arbitraryOf(schema: Schema, options: ArbitraryOptions = {}): Arbitrary<unknown> {
  const s = resolved(schema);
  if (s.allOf) return arbitraryOf(merged(s.allOf.map(resolved)), options);
  const alternatives: Schema[] | undefined = s.oneOf ?? s.anyOf;
  if (alternatives) {
    // An alternative may add to the schema around it (`required: [whole]` beside the properties);
    // a property another alternative requires is then left out, so that exactly one holds.
    const { oneOf: _, anyOf: __, ...around } = s;
    return fc.oneof(
      ...alternatives.map((alternative) => {
        const own = resolved(alternative);
        const others = alternatives.flatMap((a) => (a === alternative ? [] : (resolved(a).required ?? [])));
        const properties = Object.fromEntries(
          Object.entries(around.properties ?? {}).filter(
            ([name]) => !others.includes(name) || (own.required ?? []).includes(name),
          ),
        );
        return arbitraryOf(merged([{ ...around, properties }, own]), options);
      }),
    );
  }
  if (s.not) {
    const { not, ...rest } = s;
    const refusing = resolved(not);
    const values: unknown[] | undefined = "const" in refusing ? [refusing.const] : refusing.enum;
    if (!values) throw new Error("no arbitrary for a `not` other than of a const or an enum");
    const refused = new Set(values.map((v) => JSON.stringify(v)));
    return arbitraryOf(rest, options).filter((value) => !refused.has(JSON.stringify(value)));
  }
  if ("const" in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.type)) {
    return fc.oneof(...s.type.map((type: string) => arbitraryOf({ ...s, type }, options)));
  }
  switch (s.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "string":
      return stringOf(s, options);
    case "integer":
    case "number":
      return numberOf(s);
    case "array":
      return arrayOf(s, options);
    case "object":
      return objectOf(s, options);
    default:
      throw new Error(`no arbitrary for the schema ${JSON.stringify(s).slice(0, 200)}`);
  }
}

function merged(parts: Schema[]): Schema {
  const all: Schema = { properties: {}, required: [] };
  for (const { properties, required, ...rest } of parts) {
    Object.assign(all, rest);
    Object.assign(all.properties, properties);
    all.required.push(...(required ?? []));
  }
  if (Object.keys(all.properties).length === 0) delete all.properties;
  return all;
}

/** Dates of four-digit years, as RFC 3339 writes them. */
const dates = fc.date({ min: new Date("1970-01-01"), max: new Date("2100-12-31"), noInvalidDate: true });

function stringOf(s: Schema, options: ArbitraryOptions): Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? 200;
  const fits = (value: string) => [...value].length >= minLength && [...value].length <= maxLength;
  const format = s.format ? options.formats?.[s.format] : undefined;
  if (format) return format;
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  if (s.format === "email") return fc.emailAddress().filter(fits);
  if (s.format === "date") return dates.map((d) => d.toISOString().slice(0, 10));
  if (s.format === "date-time") return dates.map((d) => d.toISOString());
  if (s.format) throw new Error(`no arbitrary for strings of format ${s.format}`);
  return fc.string({ unit: "binary", minLength, maxLength });
}

function numberOf(s: Schema): Arbitrary<number> {
  const step = s.multipleOf ?? (s.type === "integer" ? 1 : 0.001);
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : (s.minimum ?? -1e9);
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - step : (s.maximum ?? 1e9);
  const steps = fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) });
  // Written as a client writes it: 0.07, not 7 × 0.01 = 0.07000000000000001.
  return steps.map((k) => Number((k * step).toFixed(decimals)));
}

function arrayOf(s: Schema, options: ArbitraryOptions): Arbitrary<unknown[]> {
  const items = arbitraryOf(s.items ?? {}, options);
  const constraints = { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) };
  return s.uniqueItems
    ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) })
    : fc.array(items, constraints);
}

/** Left out of an object; filtered away before the value is used. */
const ABSENT = Symbol("absent");

/**
 * An optional property is present 3 times in 10: each can break a rule of its own (a due date before
 * the date, say), and with all of them present half the time few bodies reached past those rules.
 */
function objectOf(s: Schema, options: ArbitraryOptions): Arbitrary<Record<string, unknown>> {
  const required = new Set<string>(s.required ?? []);
  const entries = Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([name, schema]) => {
    const fromSchema = arbitraryOf(schema, options);
    const override = options.properties?.[name];
    const value = override ? override(fromSchema) : fromSchema;
    const entry = value.map((v) => [name, v] as const);
    return required.has(name)
      ? entry
      : fc.oneof({ weight: 7, arbitrary: fc.constant(ABSENT) }, { weight: 3, arbitrary: entry });
  });
  const dependent = Object.entries((s.dependentRequired ?? {}) as Record<string, string[]>);
  return fc
    .tuple(...entries)
    .map((drawn) => Object.fromEntries(drawn.filter((entry) => entry !== ABSENT)))
    .filter(
      (value) =>
        Object.keys(value).length >= (s.minProperties ?? 0) &&
        dependent.every(([name, needs]) => !(name in value) || needs.every((n) => n in value)),
    );
}
