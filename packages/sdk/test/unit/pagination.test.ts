import { describe, expect, it } from "vitest";
import type { Schema } from "../../src/index.js";
import { fixtures, http, newBahi, server, useMockApi } from "../support/mock-api.js";

useMockApi();

const invoice = fixtures.Invoice as Schema<"Invoice">;
const ids = ["inv_05", "inv_04", "inv_03", "inv_02", "inv_01"];

/** Serves five invoices, newest first, `limit` a page, following `starting_after` as the API does. */
function serveInvoices() {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get("/v1/invoices", ({ request, response }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      const limit = Number(query.get("limit") ?? 20);
      const after = query.get("starting_after");
      const start = after === null ? 0 : ids.indexOf(after) + 1;
      const page = ids.slice(start, start + limit);
      const hasMore = start + limit < ids.length;
      return response(200).json({
        object: "list",
        data: page.map((id) => ({ ...invoice, id })),
        has_more: hasMore,
        next_cursor: hasMore ? (page.at(-1) ?? null) : null,
      });
    }),
  );
  return requests;
}

describe("lists", () => {
  it("iterate over every item of every page, following next_cursor with the same filters", async () => {
    const requests = serveInvoices();
    const seen: string[] = [];
    for await (const item of newBahi().invoices.list({ status: "issued", limit: 2 })) seen.push(item.id);
    expect(seen).toEqual(ids);
    expect(requests.map((q) => Object.fromEntries(q))).toEqual([
      { status: "issued", limit: "2" },
      { status: "issued", limit: "2", starting_after: "inv_04" },
      { status: "issued", limit: "2", starting_after: "inv_02" },
    ]);
  });

  it("expose the first page as the API answered it", async () => {
    serveInvoices();
    const page = await newBahi().invoices.list({ limit: 2 }).page;
    expect(page).toMatchObject({ object: "list", has_more: true, next_cursor: "inv_04" });
    expect(page.data.map((i) => i.id)).toEqual(["inv_05", "inv_04"]);
  });

  it("fetch lazily: nothing before use, the first page once, no page past where the loop stops", async () => {
    const requests = serveInvoices();
    const list = newBahi().invoices.list({ limit: 2 });
    expect(requests).toHaveLength(0);
    await list.page;
    await list.page;
    expect(requests).toHaveLength(1);
    for await (const item of list) if (item.id === "inv_04") break;
    expect(requests).toHaveLength(1);
    for await (const item of list) if (item.id === "inv_03") break;
    expect(requests).toHaveLength(2);
  });

  it("stop when has_more is false, whatever next_cursor says", async () => {
    let calls = 0;
    server.use(
      http.get("/v1/api_keys", ({ response }) => {
        calls++;
        return response(200).json({ ...fixtures.ApiKeyList, has_more: false, next_cursor: "key_x" });
      }),
    );
    const all = [];
    for await (const key of newBahi().apiKeys.list()) all.push(key);
    expect(all).toEqual(fixtures.ApiKeyList.data);
    expect(calls).toBe(1);
  });

  it("page lists under a resource too, keeping the path", async () => {
    const paths: string[] = [];
    server.use(
      http.get("/v1/webhooks/{id}/deliveries", ({ request, params, response }) => {
        paths.push(`${params.id} ${new URL(request.url).searchParams.get("starting_after")}`);
        const first = paths.length === 1;
        return response(200).json({
          object: "list",
          data: [],
          has_more: first,
          next_cursor: first ? "dlv_1" : null,
        });
      }),
    );
    for await (const _ of newBahi().webhooks.listDeliveries("whk_1", { status: "failed" })) {
      // Empty pages: the loop body never runs, but every page is still fetched.
    }
    expect(paths).toEqual(["whk_1 null", "whk_1 dlv_1"]);
  });
});
