// An export's customs shipping bill: given at create (and then in the e-invoice), or recorded after
// issue with POST /v1/invoices/{id}/shipping_bill; GSTR-1 reports it with the export.
import { todayInIst } from "@bahi/gst";
import { describe, expect } from "vitest";
import type { TestApi } from "./support/api.js";
import { eventsOf } from "./support/events.js";
import { it } from "./support/fixtures.js";
import { penSeller } from "./support/pen-seller.js";
import { GSTINS } from "./support/tenants.js";

const INVOICE_DATE = "2025-08-05";
const BILL = { port_code: "INNSA1", number: "4512863", date: "2025-08-07" };

/** A Karnataka business exporting pens (18%) to a buyer abroad, and selling them to a trader at home. */
async function exporter(api: TestApi) {
  const { tenant, call, party } = await penSeller(api);
  const address = { line1: "1 Harbour Road", city: "Dubai", state_code: "29", pin: "560001" };
  const abroad = await party({ name: "Acme Imports LLC", address });
  const trader = await party({
    name: "Sharma Electronics",
    gstin: GSTINS.maharashtra,
    address: { ...address, state_code: "27", city: "Mumbai" },
  });
  const create = (party_id: string, extra: object = {}) =>
    call("createInvoice", {
      body: { party_id, date: INVOICE_DATE, items: [{ sku: "PEN", qty: 2, rate: 100 }], ...extra },
    });
  const exported = async (extra: object = {}) => {
    const res = await create(abroad, { place_of_supply: "96", ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const record = (id: string, body: unknown) => call("recordInvoiceShippingBill", { path: { id }, body });
  return { tenant, call, abroad, trader, create, exported, record };
}

describe("shipping bills of exports", () => {
  it("given at create: on the invoice and in the e-invoice's ExpDtls", async ({ api }) => {
    const s = await exporter(api);
    const invoice = await s.exported({ shipping_bill: BILL });
    expect(invoice.shipping_bill).toEqual(BILL);
    const einvoice = await s.call("retrieveInvoiceEinvoice", { path: { id: invoice.id } });
    expect(einvoice.body.ExpDtls).toEqual({ ShipBNo: "4512863", ShipBDt: "07/08/2025", Port: "INNSA1" });
    const read = await s.call("retrieveInvoice", { path: { id: invoice.id } });
    expect(read.body).toEqual(invoice);
  });

  it("recorded after issue, then corrected: every GET sees it at once, the e-invoice as it was", async ({
    api,
  }) => {
    const s = await exporter(api);
    const invoice = await s.exported();
    expect(invoice.shipping_bill).toBeNull();
    // Read once first, so that the node's cache of issued invoices holds it.
    expect((await s.call("retrieveInvoice", { path: { id: invoice.id } })).body.shipping_bill).toBeNull();

    const recorded = await s.record(invoice.id, BILL);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body).toEqual({ ...invoice, shipping_bill: BILL });
    expect((await s.call("retrieveInvoice", { path: { id: invoice.id } })).body).toEqual(recorded.body);

    const corrected = { ...BILL, number: "4512836" };
    const again = await s.record(invoice.id, corrected);
    expect(again.body.shipping_bill).toEqual(corrected);
    expect((await s.call("retrieveInvoice", { path: { id: invoice.id } })).body.shipping_bill).toEqual(
      corrected,
    );

    // The same bill again writes nothing and announces nothing.
    expect((await s.record(invoice.id, corrected)).body).toEqual(again.body);

    const einvoice = await s.call("retrieveInvoiceEinvoice", { path: { id: invoice.id } });
    expect(einvoice.body).not.toHaveProperty("ExpDtls");
    const events = await eventsOf(
      api.database.handle.db,
      s.tenant.accountId,
      "invoice.shipping_bill_recorded",
    );
    expect(events.map((e) => e.object.shipping_bill)).toEqual([BILL, corrected]);
  });

  it("GSTR-1 reports each export's shipping bill; an export without one has none", async ({ api }) => {
    const s = await exporter(api);
    const withBill = await s.exported({ shipping_bill: BILL });
    const recordedLater = await s.exported();
    const without = await s.exported();
    const later = { port_code: "INMAA1", number: "998", date: "2025-08-31" };
    expect((await s.record(recordedLater.id, later)).status).toBe(200);
    const file = (await s.call("retrieveGstr1", { path: { period: "082025" } })).body;
    const byNumber = new Map<string, Record<string, unknown>>(
      file.exp[0].inv.map((inv: Record<string, unknown>) => [inv.inum, inv]),
    );
    expect(byNumber.get(withBill.number)).toMatchObject({
      sbpcode: "INNSA1",
      sbnum: "4512863",
      sbdt: "07-08-2025",
    });
    expect(byNumber.get(recordedLater.number)).toMatchObject({
      sbpcode: "INMAA1",
      sbnum: "998",
      sbdt: "31-08-2025",
    });
    expect(byNumber.get(without.number)).not.toHaveProperty("sbnum");
    const summary = (
      await s.call("retrieveGstr1", { path: { period: "082025" }, query: { format: "summary" } })
    ).body;
    expect(summary.warnings.filter((w: { code: string }) => w.code === "shipping_bill_missing")).toEqual([
      expect.objectContaining({ document_id: without.id }),
    ]);
  });
});

describe("shipping bills: bad input", () => {
  it("422 not_an_export for a supply that is not an export, at create and after", async ({ api }) => {
    const s = await exporter(api);
    const created = await s.create(s.trader, { shipping_bill: BILL });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual([
      expect.objectContaining({ pointer: "/shipping_bill", code: "not_an_export" }),
    ]);
    const domestic = await s.create(s.trader);
    expect(domestic.status).toBe(201);
    const recorded = await s.record(domestic.body.id, BILL);
    expect(recorded.status).toBe(422);
    expect(recorded.body.errors).toEqual([
      expect.objectContaining({ pointer: "/path/id", code: "not_an_export" }),
    ]);
  });

  it("422 shipping_bill_before_invoice and date_in_future, at create and after", async ({ api }) => {
    const s = await exporter(api);
    const early = { ...BILL, date: "2025-08-04" };
    const future = { ...BILL, date: "2099-01-01" };
    const atCreate = await s.create(s.abroad, { place_of_supply: "96", shipping_bill: early });
    expect(atCreate.status).toBe(422);
    expect(atCreate.body.errors).toEqual([
      expect.objectContaining({ pointer: "/shipping_bill/date", code: "shipping_bill_before_invoice" }),
    ]);
    const invoice = await s.exported();
    const before = await s.record(invoice.id, early);
    expect(before.status).toBe(422);
    expect(before.body.errors).toEqual([
      expect.objectContaining({ pointer: "/date", code: "shipping_bill_before_invoice" }),
    ]);
    const later = await s.record(invoice.id, future);
    expect(later.status).toBe(422);
    expect(later.body.errors).toEqual([
      expect.objectContaining({ pointer: "/date", code: "date_in_future" }),
    ]);
    // Today is the latest date allowed, the invoice's own date the earliest.
    expect((await s.record(invoice.id, { ...BILL, date: todayInIst(new Date()) })).status).toBe(200);
    expect((await s.record(invoice.id, { ...BILL, date: INVOICE_DATE })).status).toBe(200);
  });

  it("400 for a port code or number that is not one; 404 for an unknown invoice; 409 once cancelled", async ({
    api,
  }) => {
    const s = await exporter(api);
    const invoice = await s.exported();
    const bad = await s.record(invoice.id, { port_code: "nsa1", number: "12", date: BILL.date });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "/number",
      "/port_code",
    ]);
    expect(
      (await s.record(invoice.id, { port_code: "INNSA1", number: "12345678", date: BILL.date })).status,
    ).toBe(400);
    expect((await s.record("inv_01jd4r5t6v7w8x9y0z1a2b3c4d", BILL)).status).toBe(404);

    const fresh = await s.create(s.abroad, { place_of_supply: "96", date: todayInIst(new Date()) });
    expect(fresh.status).toBe(201);
    const cancelled = await s.call("cancelInvoice", {
      path: { id: fresh.body.id },
      body: { reason: "3", remark: "Order cancelled" },
    });
    expect(cancelled.status).toBe(200);
    const refused = await s.record(fresh.body.id, { ...BILL, date: todayInIst(new Date()) });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("invoice_cancelled");
  });
});
