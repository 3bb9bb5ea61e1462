import { readdirSync, readFileSync } from "node:fs";
import { createOpenApiHttp } from "openapi-msw";
import { describe, expect, it, vi } from "vitest";
import type { paths } from "../../src/index.js";
import { API_KEY, fixtures, problem, server, useMockApi } from "../support/mock-api.js";

useMockApi();

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("the README", () => {
  it("shows only code that is in examples/, which CI type-checks", () => {
    const examples = readdirSync(new URL("../../examples", import.meta.url))
      .map((file) => read(`examples/${file}`))
      .join("\n");
    const blocks = [...read("README.md").matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => (m[1] ?? "").trim());
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    for (const block of blocks) expect(examples, block).toContain(block);
  });

  it("has a quick start that works on a fresh server, whose demo account has no products", async () => {
    // The quick start's own base URL; the server knows only the SKUs created through it, as a fresh one.
    const local = createOpenApiHttp<paths>({ baseUrl: "http://localhost:8080" });
    const skus = new Set<string>();
    server.use(
      local.get("/v1/account", ({ response }) => response(200).json(fixtures.Account)),
      local.post("/v1/parties", ({ response }) => response(201).json(fixtures.Party)),
      local.post("/v1/products", async ({ request, response }) => {
        const { sku } = await request.json();
        skus.add(sku);
        return response(201).json({ ...fixtures.Product, sku });
      }),
      local.post("/v1/invoices", async ({ request, response }) => {
        const { items } = await request.json();
        return items.every((item) => skus.has(item.sku))
          ? response(201).json(fixtures.Invoice)
          : (problem(422, "unknown_sku") as never);
      }),
      local.get("/v1/invoices", ({ response }) => response(200).json(fixtures.InvoiceList)),
    );
    vi.stubEnv("BAHI_API_KEY", API_KEY);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await import("../../examples/quickstart.js");
      expect(log).toHaveBeenCalledWith(
        fixtures.Invoice.number,
        fixtures.Invoice.total,
        fixtures.Invoice.balance_due,
      );
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
