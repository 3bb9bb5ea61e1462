import { fixtures, operationList } from "@bahi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handlers } from "../src/routes/index.js";
import { MAX_PAGE_SIZE } from "../src/services/shared/pagination.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { createTenant, type Tenant } from "./support/tenants.js";

const lists = operationList
  .filter((op) => op.operationId in handlers && op.queryParams.includes("limit"))
  .map((op) => [op.operationId, op] as const);

let api: TestApi;
let tenant: Tenant;
/** The document a list under `/v1/{collection}/{id}/…` belongs to. */
const parents: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestApi({ webhookPolicy: new AddressPolicy(["127.0.0.1"]) });
  tenant = await createTenant(api.database.handle.db);
  const product = await api.call("createProduct", { key: tenant.testKey, body: fixtures.ProductCreate });
  const webhook = await api.call("createWebhook", {
    key: tenant.testKey,
    body: { ...fixtures.WebhookCreate, url: "http://127.0.0.1:9/hooks" },
  });
  parents.products = product.body.id;
  parents.webhooks = webhook.body.id;
});
afterAll(() => api.close());

describe(`page size: 1 to MAX_PAGE_SIZE (${MAX_PAGE_SIZE}) on every list`, () => {
  it.each(lists)("%s", async (operationId, op) => {
    const collection = op.path.split("/")[2] as string;
    const path: Record<string, string> = op.pathParams.includes("id")
      ? { id: parents[collection] as string }
      : {};
    const page = (limit: number) => api.call(operationId, { key: tenant.testKey, path, query: { limit } });
    expect((await page(1)).status).toBe(200);
    expect((await page(MAX_PAGE_SIZE)).status).toBe(200);
    const over = await page(MAX_PAGE_SIZE + 1);
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([expect.objectContaining({ pointer: "/query/limit", code: "maximum" })]);
    expect((await page(0)).status).toBe(400);
  });
});
