// Zero-rated supplies: exports and supplies to SEZ units, with payment of IGST or under a letter of
// undertaking (LUT), through the invoice, its e-invoice, its credit notes and GSTR-1.
import { describe, expect } from "vitest";
import type { TestApi } from "./support/api.js";
import { eventsOf } from "./support/events.js";
import { it } from "./support/fixtures.js";
import { penSeller, signedDocument } from "./support/pen-seller.js";
import { GSTINS } from "./support/tenants.js";

const address = (state_code: string) => ({ line1: "1 Main Road", city: "Town", state_code, pin: "560001" });

/** A Karnataka business selling pens (18%) to an SEZ unit in Karnataka, a buyer abroad and a trader in Maharashtra. */
async function shop(api: TestApi) {
  const { tenant, call, party, invoice, issued, einvoiceOf } = await penSeller(api);
  const parties = {
    sez: await party({
      name: "Electronic City SEZ Unit",
      gstin: GSTINS.karnatakaOther,
      sez: true,
      address: address("29"),
    }),
    abroad: await party({ name: "Acme Imports LLC", address: address("29") }),
    trader: await party({ name: "Sharma Electronics", gstin: GSTINS.maharashtra, address: address("27") }),
  };
  return { tenant, call, parties, invoice, issued, einvoiceOf };
}

describe("parties in a Special Economic Zone", () => {
  it("an SEZ unit is a registered party marked sez; without a GSTIN it is 422 sez_unregistered", async ({
    api,
  }) => {
    const s = await shop(api);
    const sez = await s.call("retrieveParty", { path: { id: s.parties.sez } });
    expect(sez.body).toMatchObject({ gstin: GSTINS.karnatakaOther, sez: true, state_code: "29" });
    const trader = await s.call("retrieveParty", { path: { id: s.parties.trader } });
    expect(trader.body.sez).toBe(false);

    const unregistered = await s.call("createParty", {
      body: { type: "customer", name: "Zone Shop", sez: true, address: address("29") },
    });
    expect(unregistered.status).toBe(422);
    expect(unregistered.body).toMatchObject({ code: "sez_unregistered" });
    expect(unregistered.body.errors).toEqual([
      expect.objectContaining({ pointer: "/sez", code: "sez_unregistered" }),
    ]);

    const dropGstin = await s.call("updateParty", { path: { id: s.parties.sez }, body: { gstin: null } });
    expect(dropGstin.status).toBe(422);
    expect(dropGstin.body.code).toBe("sez_unregistered");
  });

  it("PATCH sez changes it and announces party.updated; the same value again writes nothing", async ({
    api,
  }) => {
    const s = await shop(api);
    const before = (await eventsOf(api.database.handle.db, s.tenant.accountId, "party.updated")).length;
    const marked = await s.call("updateParty", { path: { id: s.parties.trader }, body: { sez: true } });
    expect(marked.status).toBe(200);
    expect(marked.body.sez).toBe(true);
    const again = await s.call("updateParty", { path: { id: s.parties.trader }, body: { sez: true } });
    expect(again.body.updated_at).toBe(marked.body.updated_at);
    const events = await eventsOf(api.database.handle.db, s.tenant.accountId, "party.updated");
    expect(events.length).toBe(before + 1);
  });
});

describe("invoices of zero-rated supplies", () => {
  it("to an SEZ in the business's own state: IGST, not CGST + SGST, and an SEZWP e-invoice", async ({
    api,
  }) => {
    const s = await shop(api);
    // 3 × 100.25 = 300.75; IGST 18% = 54.135 → 54.14; 354.89 → 355.
    const invoice = await s.issued(s.parties.sez, 3);
    expect(invoice).toMatchObject({
      place_of_supply: "29",
      supply_type: "inter_state",
      sez: true,
      under_lut: false,
      taxable_value: 300.75,
      igst: 54.14,
      cgst: 0,
      sgst: 0,
      round_off: 0.11,
      total: 355,
    });
    const einvoice = await s.einvoiceOf(invoice.id);
    expect(einvoice.TranDtls).toEqual({ TaxSch: "GST", SupTyp: "SEZWP", RegRev: "N" });
    expect(einvoice.BuyerDtls).toMatchObject({ Gstin: GSTINS.karnatakaOther, Pos: "29", Stcd: "29" });
  });

  it("to an SEZ under a LUT: the lines keep 18% but charge nothing; SEZWOP", async ({ api }) => {
    const s = await shop(api);
    const invoice = await s.issued(s.parties.sez, 3, { under_lut: true });
    expect(invoice).toMatchObject({
      supply_type: "inter_state",
      sez: true,
      under_lut: true,
      taxable_value: 300.75,
      igst: 0,
      cgst: 0,
      sgst: 0,
      cess: 0,
      round_off: 0.25,
      total: 301,
    });
    expect(invoice.items[0]).toMatchObject({ gst_rate: 18, igst: 0, total: 300.75 });
    const einvoice = await s.einvoiceOf(invoice.id);
    expect(einvoice.TranDtls.SupTyp).toBe("SEZWOP");
    expect(einvoice.ItemList[0]).toMatchObject({
      GstRt: 18,
      IgstAmt: 0,
      CgstAmt: 0,
      CesAmt: 0,
      TotItemVal: 300.75,
    });
    expect(einvoice.ValDtls).toMatchObject({ AssVal: 300.75, IgstVal: 0, RndOffAmt: 0.25, TotInvVal: 301 });
  });

  it("an export under a LUT: no IGST, EXPWOP; with payment it stays EXPWP", async ({ api }) => {
    const s = await shop(api);
    const underLut = await s.issued(s.parties.abroad, 2, { place_of_supply: "96", under_lut: true });
    expect(underLut).toMatchObject({
      place_of_supply: "96",
      sez: false,
      under_lut: true,
      igst: 0,
      round_off: 0.5,
      total: 201,
    });
    expect((await s.einvoiceOf(underLut.id)).TranDtls.SupTyp).toBe("EXPWOP");
    const paid = await s.issued(s.parties.abroad, 2, { place_of_supply: "96" });
    expect(paid).toMatchObject({ under_lut: false, igst: 36.09, total: 237 });
    expect((await s.einvoiceOf(paid.id)).TranDtls.SupTyp).toBe("EXPWP");
    // An SEZ unit's goods sent abroad are an export, not an SEZ supply.
    const sezAbroad = await s.issued(s.parties.sez, 1, { place_of_supply: "96", under_lut: true });
    expect(sezAbroad.sez).toBe(false);
    expect((await s.einvoiceOf(sezAbroad.id)).TranDtls.SupTyp).toBe("EXPWOP");
  });

  it("422 not_zero_rated for under_lut on a taxed supply, to a registered buyer or a consumer", async ({
    api,
  }) => {
    const s = await shop(api);
    for (const party of [s.parties.trader, s.parties.abroad]) {
      const res = await s.invoice(party, 1, { under_lut: true });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "not_zero_rated" });
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/under_lut", code: "not_zero_rated" }),
      ]);
    }
    const list = await s.call("listInvoices");
    expect(list.body.data).toEqual([]);
  });

  it("422 reverse_charge_sez for reverse charge on a supply to an SEZ", async ({ api }) => {
    const s = await shop(api);
    const res = await s.invoice(s.parties.sez, 1, { reverse_charge: true });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/reverse_charge", code: "reverse_charge_sez" }),
    ]);
  });

  it("keeps the party's SEZ as it was when issued", async ({ api }) => {
    const s = await shop(api);
    const issued = await s.issued(s.parties.sez, 1);
    await s.call("updateParty", { path: { id: s.parties.sez }, body: { sez: false } });
    const read = await s.call("retrieveInvoice", { path: { id: issued.id } });
    expect(read.body).toEqual(issued);
    const later = await s.issued(s.parties.sez, 1);
    expect(later).toMatchObject({ sez: false, supply_type: "intra_state", cgst: 9.02, sgst: 9.02, igst: 0 });
  });
});

describe("credit notes of zero-rated supplies", () => {
  it("follow their invoice: no tax back under a LUT (EXPWOP, SEZWOP), IGST back with payment (SEZWP)", async ({
    api,
  }) => {
    const s = await shop(api);
    const credit = async (invoice_id: string) => {
      const res = await s.call("createCreditNote", {
        body: { invoice_id, reason: "sales_return", items: [{ sku: "PEN", qty: 1 }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const exportLut = await credit(
      (await s.issued(s.parties.abroad, 2, { place_of_supply: "96", under_lut: true })).id,
    );
    expect(exportLut).toMatchObject({ taxable_value: 100.25, igst: 0, cgst: 0, cess: 0 });
    expect(signedDocument(exportLut).TranDtls.SupTyp).toBe("EXPWOP");
    const sezLut = await credit((await s.issued(s.parties.sez, 2, { under_lut: true })).id);
    expect(sezLut).toMatchObject({ supply_type: "inter_state", igst: 0, cgst: 0 });
    expect(signedDocument(sezLut).TranDtls.SupTyp).toBe("SEZWOP");
    const sezPaid = await credit((await s.issued(s.parties.sez, 2)).id);
    expect(sezPaid).toMatchObject({ supply_type: "inter_state", igst: 18.05, cgst: 0 });
    expect(signedDocument(sezPaid).TranDtls.SupTyp).toBe("SEZWP");
  });
});

describe("GSTR-1 of zero-rated supplies", () => {
  it("b2b SEWP/SEWOP, exp WPAY/WOPAY (an export to a party with a GSTIN too), their notes, and HSN", async ({
    api,
  }) => {
    const s = await shop(api);
    const date = "2025-07-10";
    const abroadWithGstin = s.parties.trader;
    const sezPaid = await s.issued(s.parties.sez, 1, { date });
    const sezLut = await s.issued(s.parties.sez, 2, { date, under_lut: true });
    const exportPaid = await s.issued(s.parties.abroad, 1, { date, place_of_supply: "96" });
    const exportLut = await s.issued(abroadWithGstin, 4, { date, place_of_supply: "96", under_lut: true });
    for (const invoice_id of [sezLut.id, exportLut.id]) {
      const note = await s.call("createCreditNote", {
        body: { invoice_id, date: "2025-07-20", reason: "sales_return", items: [{ sku: "PEN", qty: 1 }] },
      });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
    }
    const res = await s.call("retrieveGstr1", { path: { period: "072025" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = res.body;
    const head = (invoice: Record<string, any>) => ({
      inum: invoice.number,
      idt: "10-07-2025",
      val: invoice.total,
    });
    const detail = (txval: number, iamt: number) => ({ rt: 18, txval, iamt, camt: 0, samt: 0, csamt: 0 });
    expect(file.b2b).toEqual([
      {
        ctin: GSTINS.karnatakaOther,
        inv: [
          {
            ...head(sezPaid),
            pos: "29",
            rchrg: "N",
            inv_typ: "SEWP",
            itms: [{ num: 1, itm_det: detail(100.25, 18.05) }],
          },
          {
            ...head(sezLut),
            pos: "29",
            rchrg: "N",
            inv_typ: "SEWOP",
            itms: [{ num: 1, itm_det: detail(200.5, 0) }],
          },
        ],
      },
    ]);
    expect(file.exp).toEqual([
      {
        exp_typ: "WPAY",
        inv: [{ ...head(exportPaid), itms: [{ txval: 100.25, rt: 18, iamt: 18.05, csamt: 0 }] }],
      },
      { exp_typ: "WOPAY", inv: [{ ...head(exportLut), itms: [{ txval: 401, rt: 18, iamt: 0, csamt: 0 }] }] },
    ]);
    expect(file.cdnr).toEqual([
      {
        ctin: GSTINS.karnatakaOther,
        nt: [expect.objectContaining({ inv_typ: "SEWOP", itms: [{ num: 1, itm_det: detail(100.25, 0) }] })],
      },
    ]);
    expect(file.cdnur).toEqual([
      expect.objectContaining({
        typ: "EXPWOP",
        itms: [{ num: 1, itm_det: { rt: 18, txval: 100.25, iamt: 0, csamt: 0 } }],
      }),
    ]);
    // Net of the notes: SEZ supplies are B2B (100.25 + 200.50 − 100.25); exports are not, whatever
    // the party holds (100.25 + 401 − 100.25).
    const hsnRow = (rows: Record<string, any>[]) => rows.map(({ txval, iamt }) => ({ txval, iamt }));
    expect(hsnRow(file.hsn.hsn_b2b)).toEqual([{ txval: 200.5, iamt: 18.05 }]);
    expect(hsnRow(file.hsn.hsn_b2c)).toEqual([{ txval: 401, iamt: 18.05 }]);
  });
});
