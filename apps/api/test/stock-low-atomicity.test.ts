// A sale that brings a product down to its reorder level announces it (`product.stock_low`) in the
// sale's own transaction: a process that dies once the sale has committed must not lose the event.
// Here every such event written outside a transaction fails as that process would, so a sale whose
// event came after its commit answers 500 and leaves its invoice without the event.
import { fixtures } from "@bahi/contract";
import { describe, expect, vi } from "vitest";
import { inTransaction } from "../src/db/transactions.js";
import { eventsOf } from "./support/events.js";
import { it } from "./support/fixtures.js";

vi.mock(import("../src/services/events/events.js"), async (original) => {
  const events = await original();
  return {
    ...events,
    recordEvent: async (...args: Parameters<typeof events.recordEvent>) => {
      const [tx, , type] = args;
      if (type === "product.stock_low" && !inTransaction(tx)) {
        throw new Error("the process died after the sale committed, before its stock_low event");
      }
      return events.recordEvent(...args);
    },
  };
});

describe("a sale that reaches the reorder level", () => {
  it("commits its product.stock_low event with it, on the series' guessed path as on its first sale", async ({
    api,
    seller,
  }) => {
    const { tenant, created, party } = seller;
    const stocked = async (sku: string) =>
      created("createProduct", {
        sku,
        name: `Notebook ${sku}`,
        price: 40,
        gst_rate: 18,
        hsn_code: "48202000",
        unit: "NOS",
        opening_stock: 10,
        reorder_level: 5,
      });
    const first = await stocked("NB-1");
    const second = await stocked("NB-2");
    const consumer = await party(fixtures.PartyCreateUnregistered);
    const sell = (sku: string, qty: number) =>
      created("createInvoice", { party_id: consumer, items: [{ sku, qty, rate: 40 }] });

    // The series' first invoice takes its number under the lock: 10 → 5, the level.
    await sell("NB-1", 5);
    // Later ones are written under a guessed number: one that stays above the level, then one
    // that reaches it, then one below it (no second announcement).
    await sell("NB-2", 4);
    await sell("NB-2", 1);
    await sell("NB-2", 1);

    const announced = await eventsOf(api.database.handle.db, tenant.accountId, "product.stock_low");
    expect(announced.map((e) => [e.object.id, e.object.stock_on_hand])).toEqual([
      [first.id, 5],
      [second.id, 5],
    ]);
  });
});
