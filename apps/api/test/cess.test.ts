// Compensation cess, through every document that carries it: the invoice, its e-invoice, a credit note
// and GSTR-1. No request can give a product a cess today (it ended on 1 February 2026), so the product
// here has the rates it had before GST 2.0 kept in its history, as a product created earlier would.
import { describe, expect } from "vitest";
import type { CallResult, TestApi } from "./support/api.js";
import { it } from "./support/fixtures.js";
import { penSeller, signedDocument } from "./support/pen-seller.js";
import { keepEarlierRates } from "./support/rate-history.js";
import { GSTINS } from "./support/tenants.js";

const address = (state_code: string) => ({ line1: "1 Main Road", city: "Town", state_code, pin: "560001" });

/** The day GST 2.0 took effect: a car was 28% with a 22% cess before it, 40% without cess from it. */
const REFORM = "2025-09-22";

/**
 * A Karnataka business selling cars (28% + 22% cess until the reform) and pens (18%, no cess) to a
 * registered trader in Maharashtra and another in Karnataka.
 */
async function carDealer(api: TestApi) {
  const { tenant, call, created, party, einvoiceOf } = await penSeller(api);
  const car = await created("createProduct", {
    sku: "CAR",
    name: "Motor car, 1,800 cc",
    price: 500000,
    gst_rate: 40,
    hsn_code: "87032391",
    unit: "NOS",
    track_stock: false,
  });
  await keepEarlierRates(api.database.handle.db, { accountId: tenant.accountId, productId: car.id }, REFORM, {
    gstRate: "28.000",
    cessRate: "22.000",
  });
  const parties = {
    maharashtra: await party({ name: "Sharma Motors", gstin: GSTINS.maharashtra, address: address("27") }),
    karnataka: await party({ name: "Mysuru Motors", gstin: GSTINS.karnatakaOther, address: address("29") }),
  };
  const invoice = (party_id: string, date: string, items: object[]) =>
    created("createInvoice", { party_id, date, items });
  const gstr1 = async (period: string) => {
    const res: CallResult = await call("retrieveGstr1", { path: { period } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  return { created, parties, invoice, einvoiceOf, gstr1 };
}

const CAR = { sku: "CAR", qty: 1, rate: 500000.5 };
const CAR_AND_PENS = [CAR, { sku: "PEN", qty: 3, rate: 100.25 }];

describe("compensation cess on a car sold before GST 2.0", () => {
  it("inter-state: IGST 28% and cess 22% on the car's line, rounded each on its own, in the totals", async ({
    api,
  }) => {
    const s = await carDealer(api);
    const invoice = await s.invoice(s.parties.maharashtra, "2025-08-14", CAR_AND_PENS);
    // Car: 500,000.50; IGST 28% = 140,000.14; cess 22% = 110,000.11; line 750,000.75.
    // Pens: 3 × 100.25 = 300.75; IGST 18% = 54.135 → 54.14; no cess; line 354.89.
    expect(invoice.items).toEqual([
      expect.objectContaining({
        sku: "CAR",
        gst_rate: 28,
        taxable_value: 500000.5,
        igst: 140000.14,
        cgst: 0,
        sgst: 0,
        cess: 110000.11,
        total: 750000.75,
      }),
      expect.objectContaining({ sku: "PEN", gst_rate: 18, igst: 54.14, cess: 0, total: 354.89 }),
    ]);
    // 750,355.64 → 750,356.
    expect(invoice).toMatchObject({
      taxable_value: 500301.25,
      igst: 140054.28,
      cess: 110000.11,
      round_off: 0.36,
      total: 750356,
    });

    const einvoice = await s.einvoiceOf(invoice.id);
    expect(einvoice.ItemList[0]).toMatchObject({
      HsnCd: "87032391",
      AssAmt: 500000.5,
      GstRt: 28,
      IgstAmt: 140000.14,
      CesRt: 22,
      CesAmt: 110000.11,
      TotItemVal: 750000.75,
    });
    expect(einvoice.ItemList[1]).toMatchObject({ GstRt: 18, CesRt: 0, CesAmt: 0 });
    expect(einvoice.ValDtls).toMatchObject({
      AssVal: 500301.25,
      IgstVal: 140054.28,
      CesVal: 110000.11,
      RndOffAmt: 0.36,
      TotInvVal: 750356,
    });
    // What the IRP signed is what was sent.
    expect(signedDocument(invoice).ValDtls).toEqual(einvoice.ValDtls);
  });

  it("intra-state: CGST and SGST 14% each, and the same cess", async ({ api }) => {
    const s = await carDealer(api);
    const invoice = await s.invoice(s.parties.karnataka, "2025-08-14", [CAR]);
    // 500,000.50 × 14% = 70,000.07 each; cess 110,000.11; 750,000.75 → 750,001.
    expect(invoice).toMatchObject({
      supply_type: "intra_state",
      cgst: 70000.07,
      sgst: 70000.07,
      igst: 0,
      cess: 110000.11,
      round_off: 0.25,
      total: 750001,
    });
    const einvoice = await s.einvoiceOf(invoice.id);
    expect(einvoice.ItemList[0]).toMatchObject({
      GstRt: 28,
      CgstAmt: 70000.07,
      SgstAmt: 70000.07,
      CesAmt: 110000.11,
    });
    expect(einvoice.ValDtls).toMatchObject({ CgstVal: 70000.07, SgstVal: 70000.07, CesVal: 110000.11 });
  });

  it("from the reform the car is 40% with no cess, whatever day the invoice is created", async ({ api }) => {
    const s = await carDealer(api);
    const before = await s.invoice(s.parties.maharashtra, "2025-09-21", [CAR]);
    expect(before.items[0]).toMatchObject({ gst_rate: 28, cess: 110000.11 });
    const after = await s.invoice(s.parties.maharashtra, REFORM, [CAR]);
    // 500,000.50 × 40% = 200,000.20.
    expect(after.items[0]).toMatchObject({ gst_rate: 40, igst: 200000.2, cess: 0, total: 700000.7 });
    expect((await s.einvoiceOf(after.id)).ItemList[0]).toMatchObject({ GstRt: 40, CesRt: 0, CesAmt: 0 });
  });

  it("a credit note returns the cess with the tax, and GSTR-1 files it in csamt, net of the note", async ({
    api,
  }) => {
    const s = await carDealer(api);
    const invoice = await s.invoice(s.parties.maharashtra, "2025-08-14", CAR_AND_PENS);
    const note = await s.created("createCreditNote", {
      invoice_id: invoice.id,
      date: "2025-08-20",
      reason: "sales_return",
      items: [{ sku: "CAR", qty: 1 }],
    });
    expect(note).toMatchObject({ taxable_value: 500000.5, igst: 140000.14, cess: 110000.11, total: 750001 });
    expect(note.items[0]).toMatchObject({ sku: "CAR", gst_rate: 28, cess: 110000.11 });
    expect(signedDocument(note).ItemList[0]).toMatchObject({ CesRt: 22, CesAmt: 110000.11 });

    const file = await s.gstr1("082025");
    const [b2b] = file.b2b;
    expect(b2b.inv[0].itms).toEqual([
      { num: 1, itm_det: { rt: 18, txval: 300.75, iamt: 54.14, camt: 0, samt: 0, csamt: 0 } },
      { num: 2, itm_det: { rt: 28, txval: 500000.5, iamt: 140000.14, camt: 0, samt: 0, csamt: 110000.11 } },
    ]);
    expect(file.cdnr[0].nt[0]).toMatchObject({
      ntty: "C",
      val: 750001,
      itms: [
        { num: 1, itm_det: { rt: 28, txval: 500000.5, iamt: 140000.14, camt: 0, samt: 0, csamt: 110000.11 } },
      ],
    });
    // The car was sold and returned within the month: its HSN row nets to nothing, cess included.
    const carRow = file.hsn.hsn_b2b.find((row: { hsn_sc: string }) => row.hsn_sc === "87032391");
    expect(carRow).toMatchObject({ rt: 28, qty: 0, txval: 0, iamt: 0, csamt: 0 });
  });
});
