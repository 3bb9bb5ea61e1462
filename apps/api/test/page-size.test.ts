import { fixtures, operationList } from "@bahi/contract";
import { describe, expect } from "vitest";
import { handlers } from "../src/routes/index.js";
import { MAX_PAGE_SIZE } from "../src/services/shared/pagination.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { it } from "./support/fixtures.js";

const lists = operationList
  .filter((op) => op.operationId in handlers && op.queryParams.includes("limit"))
  .map((op) => [op.operationId, op] as const);

it.override("apiOptions", { webhookPolicy: new AddressPolicy(["127.0.0.1"]) });

/** The document a list under `/v1/{collection}/{id}/…` belongs to. */
const parents: Record<string, string> = {};

it.beforeAll(async ({ api, tenant }) => {
  const product = await api.call("createProduct", { key: tenant.testKey, body: fixtures.ProductCreate });
  const webhook = await api.call("createWebhook", {
    key: tenant.testKey,
    body: { ...fixtures.WebhookCreate, url: "http://127.0.0.1:9/hooks" },
  });
  parents.products = product.body.id;
  parents.webhooks = webhook.body.id;
});

describe(`page size: 1 to MAX_PAGE_SIZE (${MAX_PAGE_SIZE}) on every list`, () => {
  it.for(lists)("%s", async ([operationId, op], { api, tenant }) => {
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
