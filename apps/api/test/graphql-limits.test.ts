import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COST_BUCKET_SIZE,
  COST_RESTORE_RATE,
  MAX_QUERY_ALIASES,
  MAX_QUERY_COST,
  MAX_QUERY_DEPTH,
  MAX_QUERY_TOKENS,
} from "../src/graphql/limits.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { graphql } from "./support/graphql.js";
import { createTenant, type Tenant } from "./support/tenants.js";

// The calculated query cost (refused above MAX_QUERY_COST, throttled by a bucket per account and
// mode, enterprise 10×) and graphql-armor's depth, alias and token limits, each at its boundary.

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** `pages` product connections of `first` 100, then one of `last`: 102 each, then `last + 2`. */
const productPages = (pages: number, last: number) =>
  `{ ${Array.from({ length: pages }, (_, i) => `p${i}: products(first: 100) { nodes { id } }`).join(" ")} last: products(first: ${last}) { nodes { id } } }`;

async function withProducts(count: number, plan?: "enterprise"): Promise<Tenant> {
  const tenant = await createTenant(api.database.handle.db, plan ? { plan } : {});
  for (let i = 0; i < count; i++) {
    const res = await api.call("createProduct", {
      key: tenant.testKey,
      body: { sku: `SKU-${i}`, name: `Product ${i}`, price: 1, gst_rate: 18, unit: "PCS", hsn_code: "9608" },
    });
    expect(res.status).toBe(201);
  }
  return tenant;
}

describe("calculated query cost", () => {
  it("each answer carries the requested and actual cost and the bucket's state", async () => {
    const tenant = await createTenant(api.database.handle.db);
    const answer = await graphql(
      api,
      tenant.testKey,
      `{ account { id } invoices(first: 10) { nodes { id customer { id } items { product { id } } } pageInfo { hasNextPage } } }`,
    );
    // account 1; the connection 2 + 10 × (invoice 1 + customer 1 + a line's product 1); no invoice yet.
    expect(answer.body.extensions.cost).toEqual({
      requestedQueryCost: 1 + 2 + 10 * 3,
      actualQueryCost: 1 + 2,
      throttleStatus: {
        maximumAvailable: COST_BUCKET_SIZE,
        currentlyAvailable: expect.any(Number),
        restoreRate: COST_RESTORE_RATE,
      },
    });
    // The 3 points used, less what refilled since.
    expect(answer.body.extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(
      COST_BUCKET_SIZE - 3,
    );
    const mutation = await graphql(
      api,
      tenant.testKey,
      `mutation { createParty(input: { type: CUSTOMER, name: "" }) { party { id } userErrors { code } } }`,
    );
    expect(mutation.body.extensions.cost).toMatchObject({ requestedQueryCost: 11, actualQueryCost: 11 });
  });

  it(`a query may request ${MAX_QUERY_COST}, not more`, async () => {
    const tenant = await createTenant(api.database.handle.db);
    // 9 × 102 + 82 = 1,000.
    const at = await graphql(api, tenant.testKey, productPages(9, 80));
    expect(at.body.errors).toBeUndefined();
    expect(at.body.extensions.cost.requestedQueryCost).toBe(MAX_QUERY_COST);
    const over = await graphql(api, tenant.testKey, productPages(9, 81));
    expect(over.body.data).toBeUndefined();
    expect(over.body.errors?.[0].extensions).toEqual({ code: "MAX_COST_EXCEEDED", maxCost: MAX_QUERY_COST });
    expect(over.body.extensions.cost).toMatchObject({
      requestedQueryCost: MAX_QUERY_COST + 1,
      actualQueryCost: null,
    });
  });

  it("a bucket per account and mode: a query costing more than it holds is THROTTLED, with when to retry", async () => {
    const tenant = await withProducts(100);
    const full = await graphql(api, tenant.testKey, productPages(9, 80));
    expect(full.body.errors).toBeUndefined();
    expect(full.body.extensions.cost.actualQueryCost).toBe(MAX_QUERY_COST);
    expect(full.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(COST_RESTORE_RATE);
    const throttled = await graphql(api, tenant.testKey, productPages(9, 80));
    expect(throttled.status).toBe(200);
    expect(throttled.body.data).toBeUndefined();
    const [error] = throttled.body.errors ?? [];
    expect(error.extensions.code).toBe("THROTTLED");
    const { currentlyAvailable } = throttled.body.extensions.cost.throttleStatus;
    expect(error.extensions.retryAfter).toBe(
      Math.ceil((MAX_QUERY_COST - currentlyAvailable) / COST_RESTORE_RATE),
    );
    // A cheap query still fits, and the live mode has a bucket of its own.
    expect((await graphql(api, tenant.testKey, `{ account { id } }`)).body.errors).toBeUndefined();
    expect((await graphql(api, tenant.liveKey, productPages(9, 80))).body.errors).toBeUndefined();
  });

  it("enterprise: ten times the bucket and the rate", async () => {
    const tenant = await withProducts(100, "enterprise");
    for (let i = 0; i < 3; i++) {
      const answer = await graphql(api, tenant.testKey, productPages(9, 80));
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.extensions.cost.throttleStatus).toMatchObject({
        maximumAvailable: 10 * COST_BUCKET_SIZE,
        restoreRate: 10 * COST_RESTORE_RATE,
      });
    }
  });
});

describe("graphql-armor's limits", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(api.database.handle.db);
  });

  /** A query `levels` fields deep: invoice → payments → allocations → invoice → … → id. */
  function deep(levels: number): string {
    const chain = ["payments", "allocations", "invoice"];
    let inner = "id";
    for (let level = levels - 1; level > 1; level--) inner = `${chain[(level - 2) % 3]} { ${inner} }`;
    return `{ invoice(id: "inv_00000000000000000000000000") { ${inner} } }`;
  }

  it(`depth: ${MAX_QUERY_DEPTH} levels, not more`, async () => {
    const at = await graphql(api, tenant.testKey, deep(MAX_QUERY_DEPTH));
    expect(at.body.errors).toBeUndefined();
    const over = await graphql(api, tenant.testKey, deep(MAX_QUERY_DEPTH + 1));
    expect(over.body.errors?.[0].message).toMatch(/depth/i);
  });

  it(`aliases: ${MAX_QUERY_ALIASES}, not more`, async () => {
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `a${i}: account { id }`).join(" ")} }`;
    expect((await graphql(api, tenant.testKey, aliases(MAX_QUERY_ALIASES))).body.errors).toBeUndefined();
    const over = await graphql(api, tenant.testKey, aliases(MAX_QUERY_ALIASES + 1));
    expect(over.body.errors?.[0].message).toMatch(/alias/i);
  });

  it(`tokens: ${MAX_QUERY_TOKENS}, not more`, async () => {
    // Operations of 8 tokens each (`query Qn { account { id } }`), one of them run: a field repeated
    // in one selection would be refused by graphql-js itself long before.
    const tokens = (n: number) => {
      const operations = Array.from(
        { length: Math.floor(n / 8) },
        (_, i) => `query Q${i} { account { id } }`,
      );
      const extra = n % 8;
      if (extra > 0)
        operations.push(`query Extra { account { ${"id ".repeat(extra - 1)}} }`.replace("{ account {", "{"));
      return operations.join("\n");
    };
    const send = async (n: number) => {
      const response = await fetch(new URL("/graphql", api.url), {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tenant.testKey}` },
        body: JSON.stringify({ query: tokens(n), operationName: "Q0" }),
      });
      return (await response.json()) as { errors?: { message: string }[] };
    };
    expect((await send(MAX_QUERY_TOKENS)).errors).toBeUndefined();
    expect((await send(MAX_QUERY_TOKENS + 1)).errors?.[0]?.message).toMatch(/token/i);
  });
});
