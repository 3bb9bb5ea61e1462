// Deemed exports: goods to an Export Oriented Unit, or against an Advance Authorisation or EPCG,
// taxed as any other supply and reported as DEXP in the e-invoice and DE in GSTR-1.
import { gstinCheckChar } from "@bahi/gst";
import { describe, expect } from "vitest";
import type { TestApi } from "./support/api.js";
import { it } from "./support/fixtures.js";
import { penSeller, signedDocument } from "./support/pen-seller.js";
import { GSTINS } from "./support/tenants.js";

/** An Export Oriented Unit in the business's own state (Karnataka). */
const KARNATAKA_EOU = `29AAACE1234F1Z${gstinCheckChar("29AAACE1234F1Z")}`;
const address = (state_code: string) => ({ line1: "1 Main Road", city: "Town", state_code, pin: "560001" });

/** A Karnataka business selling pens (18%) to an EOU in Karnataka, a trader in Maharashtra and others. */
async function shop(api: TestApi) {
  const { call, party, invoice, issued, einvoiceOf } = await penSeller(api);
  const parties = {
    eou: await party({ name: "Bangalore Exports EOU", gstin: KARNATAKA_EOU, address: address("29") }),
    trader: await party({ name: "Sharma Electronics", gstin: GSTINS.maharashtra, address: address("27") }),
    consumer: await party({ name: "Ravi Kumar", address: address("29") }),
    abroad: await party({ name: "Acme Imports LLC", address: address("29") }),
    sez: await party({ name: "Zone Unit", gstin: GSTINS.karnatakaOther, sez: true, address: address("29") }),
  };
  const supplyTypeOf = async (id: string) => (await einvoiceOf(id)).TranDtls;
  return { call, parties, invoice, issued, supplyTypeOf };
}

describe("invoices of deemed exports", () => {
  it("within the state: CGST + SGST as on any supply, deemed_export shown and kept; DEXP", async ({
    api,
  }) => {
    const s = await shop(api);
    // 3 × 100.25 = 300.75; 9% = 27.0675 → 27.07 each half; 354.89 → 355.
    const invoice = await s.issued(s.parties.eou, 3, { deemed_export: true });
    expect(invoice).toMatchObject({
      place_of_supply: "29",
      supply_type: "intra_state",
      deemed_export: true,
      sez: false,
      under_lut: false,
      taxable_value: 300.75,
      cgst: 27.07,
      sgst: 27.07,
      igst: 0,
      round_off: 0.11,
      total: 355,
    });
    const read = await s.call("retrieveInvoice", { path: { id: invoice.id } });
    expect(read.body).toEqual(invoice);
    expect(await s.supplyTypeOf(invoice.id)).toEqual({ TaxSch: "GST", SupTyp: "DEXP", RegRev: "N" });
    const plain = await s.issued(s.parties.eou, 3);
    expect(plain.deemed_export).toBe(false);
    expect((await s.supplyTypeOf(plain.id)).SupTyp).toBe("B2B");
  });

  it("across states: IGST; under reverse charge the e-invoice says so as well", async ({ api }) => {
    const s = await shop(api);
    const invoice = await s.issued(s.parties.trader, 3, { deemed_export: true });
    expect(invoice).toMatchObject({ supply_type: "inter_state", deemed_export: true, igst: 54.14, cgst: 0 });
    const reverse = await s.issued(s.parties.trader, 3, { deemed_export: true, reverse_charge: true });
    expect(reverse).toMatchObject({ reverse_charge: true, deemed_export: true, igst: 54.14, total: 301 });
    expect(await s.supplyTypeOf(reverse.id)).toEqual({ TaxSch: "GST", SupTyp: "DEXP", RegRev: "Y" });
  });

  it("422 deemed_export_unregistered for a buyer without GSTIN, and nothing is issued", async ({ api }) => {
    const s = await shop(api);
    const res = await s.invoice(s.parties.consumer, 1, { deemed_export: true });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "deemed_export_unregistered" });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/deemed_export", code: "deemed_export_unregistered" }),
    ]);
    expect((await s.call("listInvoices")).body.data).toEqual([]);
  });

  it("422 deemed_export_zero_rated for an export (even to a buyer without GSTIN) or a supply to an SEZ", async ({
    api,
  }) => {
    const s = await shop(api);
    const attempts = [
      s.invoice(s.parties.abroad, 1, { deemed_export: true, place_of_supply: "96" }),
      s.invoice(s.parties.trader, 1, { deemed_export: true, place_of_supply: "96", under_lut: true }),
      s.invoice(s.parties.sez, 1, { deemed_export: true }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "deemed_export_zero_rated" });
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/deemed_export", code: "deemed_export_zero_rated" }),
      ]);
    }
    expect((await s.call("listInvoices")).body.data).toEqual([]);
  });
});

describe("credit notes and GSTR-1 of deemed exports", () => {
  it("a note follows its invoice (DEXP); GSTR-1 b2b and cdnr report inv_typ DE beside R", async ({ api }) => {
    const s = await shop(api);
    const date = "2025-07-10";
    const deemed = await s.issued(s.parties.eou, 2, { date, deemed_export: true });
    const regular = await s.issued(s.parties.eou, 1, { date });
    const note = await s.call("createCreditNote", {
      body: {
        invoice_id: deemed.id,
        date: "2025-07-20",
        reason: "sales_return",
        items: [{ sku: "PEN", qty: 1 }],
      },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ taxable_value: 100.25, cgst: 9.02, sgst: 9.02 });
    expect(signedDocument(note.body).TranDtls.SupTyp).toBe("DEXP");

    const res = await s.call("retrieveGstr1", { path: { period: "072025" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = (txval: number, half: number) => ({
      rt: 18,
      txval,
      iamt: 0,
      camt: half,
      samt: half,
      csamt: 0,
    });
    expect(res.body.b2b).toEqual([
      {
        ctin: KARNATAKA_EOU,
        inv: [
          {
            inum: deemed.number,
            idt: "10-07-2025",
            val: deemed.total,
            pos: "29",
            rchrg: "N",
            inv_typ: "DE",
            itms: [{ num: 1, itm_det: detail(200.5, 18.05) }],
          },
          {
            inum: regular.number,
            idt: "10-07-2025",
            val: regular.total,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: detail(100.25, 9.02) }],
          },
        ],
      },
    ]);
    expect(res.body.cdnr).toEqual([
      {
        ctin: KARNATAKA_EOU,
        nt: [expect.objectContaining({ inv_typ: "DE", itms: [{ num: 1, itm_det: detail(100.25, 9.02) }] })],
      },
    ]);
  });
});
