import { describe, expect, it } from "vitest";
import openapi from "../generated/openapi.json" with { type: "json" };
import { operationList, toFieldErrors } from "../src/index.js";

type Json = Record<string, any>;
const doc = openapi as Json;

function resolve(node: Json): Json {
  let current = node;
  while (current?.$ref)
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((acc: Json, k: string) => acc[k], doc);
  return current;
}

describe("the operation table", () => {
  it("has every operation of the spec, each POST with Idempotency-Key and a scope or explicit public access", () => {
    const inSpec = Object.values(doc.paths as Json).flatMap((item) =>
      Object.values(item as Json).map((op) => (op as Json).operationId),
    );
    expect(operationList.map((op) => op.operationId).sort()).toEqual(inSpec.sort());
    for (const op of operationList) {
      if (op.method === "POST") expect(op.headerParams).toContain("idempotency-key");
      expect(op.scopes === null || op.scopes.length > 0).toBe(true);
    }
  });
});

describe("the compiled request validators", () => {
  it("accept every request-body example of the spec", () => {
    let checked = 0;
    for (const op of operationList) {
      const body = doc.paths[op.path][op.method.toLowerCase()].requestBody;
      const media = body ? resolve(body).content["application/json"] : undefined;
      if (!media?.examples || !op.validate.body) continue;
      for (const example of Object.values(media.examples as Json)) {
        const value = structuredClone(resolve(example as Json).value);
        expect(op.validate.body(value), `${op.operationId}: ${JSON.stringify(op.validate.body.errors)}`).toBe(
          true,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("reject an unknown field and report it by pointer", () => {
    const op = operationList.find((o) => o.operationId === "createApiKey");
    const validate = op?.validate.body;
    expect(validate?.({ scopes: ["invoices:read"], colour: "red" })).toBe(false);
    expect(toFieldErrors(validate?.errors ?? [])).toEqual([
      { pointer: "/colour", code: "unknown_field", message: "is not a known field" },
    ]);
  });

  it("read decimal amounts exactly: 2 decimals for money, 3 for quantities", () => {
    const op = operationList.find((o) => o.operationId === "createPayment");
    const validate = op?.validate.body;
    const payment = (amount: number) => ({ party_id: "pty_x", amount, date: "2026-11-22", mode: "upi" });
    for (const amount of [0.29, 589.94, 109.99, 111848.18, 1234567.89, 99999999999.99])
      expect(validate?.(payment(amount)), String(amount)).toBe(true);
    // Paise across the whole range, as a client writes them: each taken, each with a tenth of a paisa more refused.
    // One assertion for the 20,000 answers: an expect each took seconds on a busy machine.
    const wrong: string[] = [];
    for (let paise = 1; paise < 9_999_999_999_999; paise += 499_999_937) {
      const amount = Number((paise / 100).toFixed(2));
      if (!validate?.(payment(amount))) wrong.push(`${amount} refused`);
      if (validate?.(payment(Number((paise / 100 + 0.001).toFixed(3)))))
        wrong.push(`${amount} + 0.001 taken`);
    }
    expect(wrong).toEqual([]);
    expect(validate?.(payment(10.001))).toBe(false);
    expect(toFieldErrors(validate?.errors ?? [])).toContainEqual(
      expect.objectContaining({
        pointer: "/amount",
        code: "decimals",
        message: "must have at most 2 decimals",
      }),
    );
  });

  it("coerce and default query parameters", () => {
    const op = operationList.find((o) => o.operationId === "listApiKeys");
    const query: Json = { limit: "5" };
    expect(op?.validate.query(query)).toBe(true);
    expect(query.limit).toBe(5);
    const empty: Json = {};
    op?.validate.query(empty);
    expect(empty.limit).toBe(20);
  });
});

describe("the error-code table", () => {
  /** Every description in the document, however deep. */
  function descriptions(node: unknown, out: string[] = []): string[] {
    if (Array.isArray(node)) for (const item of node) descriptions(item, out);
    else if (node && typeof node === "object")
      for (const [key, value] of Object.entries(node)) {
        if (key === "description" && typeof value === "string") out.push(value);
        else descriptions(value, out);
      }
    return out;
  }

  it("lists every problem code that an operation or a schema names with its status", () => {
    const table = new Set(
      [...(doc.info.description as string).matchAll(/^\| \d{3} \| `([a-z_]+)` \|/gm)].map((m) => m[1]),
    );
    const named = new Set(
      descriptions(doc.paths)
        .concat(descriptions(doc.components))
        .flatMap((text) => [...text.matchAll(/\b4\d\d\b[^`]{0,40}`([a-z]+(?:_[a-z]+)+)`/g)].map((m) => m[1])),
    );
    expect(named.size).toBeGreaterThan(40);
    expect([...named].filter((code) => !table.has(code)).sort()).toEqual([]);
  });
});
