import type { components } from "@bahi/contract";
import { describe, expect, it } from "vitest";
import {
  computeIrn,
  draftInvoice,
  type InvoiceDraft,
  type InvoiceFacts,
  type PartyFacts,
  type ProductFacts,
  parseMilli,
} from "../src/index.js";

type InvoiceCreate = components["schemas"]["InvoiceCreate"];

// 2026-11-23 12:00 in India.
const NOW = new Date("2026-11-23T06:30:00Z");

const seller = {
  gstin: "29AABCU9603R1ZJ",
  legalName: "Acme Traders Private Limited",
  addressLine1: "12 MG Road",
  city: "Bengaluru",
  pin: "560001",
  stateCode: "29",
  booksClosedThrough: null,
};

const sharma: PartyFacts = {
  id: "pty_sharma",
  name: "Sharma Electronics",
  gstin: "27AAPFU0939F1ZV",
  state_code: "27",
  sez: false,
  address: { line1: "Shop 14, Lamington Road", line2: null, city: "Mumbai", state_code: "27", pin: "400007" },
};
const meera: PartyFacts = {
  id: "pty_meera",
  name: "Meera Iyer",
  gstin: null,
  state_code: "29",
  sez: false,
  address: { line1: "4 Church Street", line2: null, city: "Bengaluru", state_code: "29", pin: "560001" },
};
const abroad: PartyFacts = {
  id: "pty_abroad",
  name: "Gulf Imports LLC",
  gstin: null,
  state_code: "96",
  sez: false,
  address: { line1: "Sheikh Zayed Road", line2: null, city: "Dubai", postal_code: null, country: "AE" },
};
const ladakh: PartyFacts = { ...meera, id: "pty_ladakh", state_code: "38" };

const pen: ProductFacts = {
  id: "prd_pen",
  sku: "PEN-01",
  name: "Ballpoint pen, blue",
  hsnCode: "96081019",
  unit: "NOS",
  price: parseMilli("99.99"),
  gstRate: parseMilli("18"),
  cessRate: 0n,
  trackStock: true,
};
const install: ProductFacts = {
  id: "prd_install",
  sku: "SVC-INSTALL",
  name: "Installation",
  hsnCode: "998729",
  unit: "NA",
  price: parseMilli("1500"),
  gstRate: parseMilli("18"),
  cessRate: 0n,
  trackStock: false,
};

const facts = (party: PartyFacts | null, more: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  seller,
  party,
  products: [pen, install],
  ...more,
});

const pens = (qty: number, rate = 99.99): InvoiceCreate["items"] => [{ sku: "PEN-01", qty, rate }];

function drafted(f: InvoiceFacts, request: Partial<InvoiceCreate>): InvoiceDraft {
  const result = draftInvoice(f, { party_id: f.party?.id ?? "pty_none", items: pens(3), ...request }, NOW);
  if (!result.ok) throw new Error(`refused: ${result.refusal.code} ${result.refusal.detail}`);
  return result.draft;
}

function refusal(f: InvoiceFacts, request: Partial<InvoiceCreate>) {
  const result = draftInvoice(f, { party_id: f.party?.id ?? "pty_none", items: pens(3), ...request }, NOW);
  if (result.ok) throw new Error("drafted, though a refusal was expected");
  return result.refusal;
}

describe("draftInvoice: which taxes, from the parties' states", () => {
  it.each([
    [
      "intra-state: CGST + SGST",
      meera,
      { cgst: 2700n, sgst: 2700n, igst: 0n, utgst: false, type: "intra_state" },
    ],
    ["inter-state: IGST", sharma, { cgst: 0n, sgst: 0n, igst: 5399n, utgst: false, type: "inter_state" }],
  ] as const)("%s", (_name, party, want) => {
    const { tax } = drafted(facts(party), {});
    expect(tax).toMatchObject({ cgst: want.cgst, sgst: want.sgst, igst: want.igst, utgst: want.utgst });
    expect(tax.supply_type).toBe(want.type);
    expect(tax.taxable_value).toBe(29997n);
    expect(tax.total % 100n).toBe(0n);
  });

  it("a union territory without a legislature within it: UTGST in place of SGST", () => {
    const ladakhSeller = { ...seller, gstin: "38AABCU9603R1Z8", stateCode: "38" };
    const { tax } = drafted({ ...facts(ladakh), seller: ladakhSeller }, { place_of_supply: "38" });
    expect(tax.utgst).toBe(true);
    expect(tax.sgst).toBe(2700n);
  });

  it("an export under LUT: zero-rated, no IGST; paying IGST: IGST charged", () => {
    const lut = drafted(facts(abroad), { under_lut: true });
    expect(lut.placeOfSupply).toBe("96");
    expect(lut.tax).toMatchObject({ igst: 0n, cgst: 0n, under_lut: true });
    expect(lut.einvoice("EXP/1")?.TranDtls.SupTyp).toBe("EXPWOP");
    const paid = drafted(facts(abroad), {});
    expect(paid.tax.igst).toBe(5399n);
    expect(paid.einvoice("EXP/2")?.TranDtls.SupTyp).toBe("EXPWP");
  });

  it("a supply to an SEZ is inter-state whatever the states, and never reverse charge", () => {
    const sez = { ...sharma, id: "pty_sez", gstin: "29AAPFU0939F1ZR", state_code: "29", sez: true };
    const sezParty = { ...sez, address: { ...meera.address, city: "Bengaluru" } } as PartyFacts;
    const draft = drafted(facts(sezParty), {});
    expect(draft.sez).toBe(true);
    expect(draft.tax.supply_type).toBe("inter_state");
    expect(draft.tax.igst).toBe(5399n);
    expect(refusal(facts(sezParty), { reverse_charge: true }).code).toBe("reverse_charge_sez");
  });

  it("a deemed export is taxed as usual, and only to a registered buyer", () => {
    const draft = drafted(facts(sharma), { deemed_export: true });
    expect(draft.tax).toMatchObject({ deemed_export: true, igst: 5399n });
    expect(draft.einvoice("INV/1")?.TranDtls.SupTyp).toBe("DEXP");
    expect(refusal(facts(meera), { deemed_export: true }).code).toBe("deemed_export_unregistered");
  });

  it("reverse charge: the buyer pays the tax, so the invoice's total leaves it out", () => {
    const draft = drafted(facts(sharma), { reverse_charge: true });
    expect(draft.tax.reverse_charge).toBe(true);
    expect(draft.tax.igst).toBe(5399n);
    expect(draft.tax.total).toBe(30000n);
    expect(draft.einvoice("INV/1")?.TranDtls.RegRev).toBe("Y");
    expect(refusal(facts(meera), { reverse_charge: true }).code).toBe("reverse_charge_unregistered");
  });

  it("discounts come off the line before tax; cess is charged at the product's rate in force", () => {
    const cessed = { ...pen, cessRate: parseMilli("12") };
    const draft = drafted(
      { ...facts(sharma), products: [cessed] },
      { date: "2026-01-15", items: [{ sku: "PEN-01", qty: 10, rate: 100, discount: 50 }] },
    );
    const [line] = draft.lines;
    expect(line?.tax).toMatchObject({ gross: 100000n, discount: 5000n, taxable_value: 95000n, igst: 17100n });
    expect(line?.tax.cess).toBe(11400n);
  });
});

describe("draftInvoice: the document", () => {
  it("a line without a rate takes the product's price; a rate given wins", () => {
    const draft = drafted(facts(meera), {
      items: [
        { sku: "PEN-01", qty: 2 },
        { sku: "SVC-INSTALL", qty: 1, rate: 1200 },
      ],
    });
    expect(draft.lines.map((line) => line.rate)).toEqual([parseMilli("99.99"), parseMilli("1200")]);
    expect(draft.tax.taxable_value).toBe(19998n + 120000n);
  });

  it("dates default to today in India, and the financial year follows", () => {
    const draft = drafted(facts(meera), {});
    expect(draft.date).toBe("2026-11-23");
    expect(draft.financialYear).toBe("2026-27");
    // 23:00 UTC on the 23rd is the 24th in India.
    const late = draftInvoice(
      facts(meera),
      { party_id: "pty_meera", items: pens(1) },
      new Date("2026-11-23T23:00:00Z"),
    );
    expect(late.ok && late.draft.date).toBe("2026-11-24");
  });

  it("stock moves: one per tracked product, summing its lines; services move none", () => {
    const draft = drafted(facts(meera), {
      items: [
        { sku: "PEN-01", qty: 2, rate: 10 },
        { sku: "SVC-INSTALL", qty: 1, rate: 500 },
        { sku: "PEN-01", qty: 1.5, rate: 10 },
      ],
    });
    expect(draft.stockMoves).toEqual([{ productId: "prd_pen", quantity: -3500n }]);
  });

  it("an e-invoice for a registered buyer names both parties and gives the IRN's inputs", () => {
    const draft = drafted(facts(sharma), {});
    expect(draft.einvoiced).toBe(true);
    const einvoice = draft.einvoice("INV/26-27/000042");
    expect(einvoice).toMatchObject({
      DocDtls: { Typ: "INV", No: "INV/26-27/000042", Dt: "23/11/2026" },
      SellerDtls: { Gstin: "29AABCU9603R1ZJ", Stcd: "29" },
      BuyerDtls: { Gstin: "27AAPFU0939F1ZV", Pos: "27", Stcd: "27", Pin: 400007 },
      ValDtls: { AssVal: 299.97, IgstVal: 53.99, TotInvVal: 354 },
    });
    expect(einvoice?.ItemList[0]).toMatchObject({ HsnCd: "96081019", Qty: 3, UnitPrice: 99.99, GstRt: 18 });
    const irn = computeIrn({
      supplierGstin: einvoice?.SellerDtls.Gstin ?? "",
      date: draft.date,
      docType: "INV",
      docNumber: einvoice?.DocDtls.No ?? "",
    });
    expect(irn).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a sale to an unregistered buyer in India is not e-invoiced", () => {
    const draft = drafted(facts(meera), {});
    expect(draft.einvoiced).toBe(false);
    expect(draft.einvoice("INV/1")).toBeNull();
    expect(draft.party).toEqual({ name: meera.name, gstin: null, state_code: "29", address: meera.address });
  });

  it("ship to another: kept with its nulls written out, and named in the e-invoice", () => {
    const draft = drafted(facts(sharma), {
      ship_to: {
        name: "Sharma Warehouse",
        address: { line1: "Plot 7, MIDC", city: "Thane", state_code: "27", pin: "400601" },
      },
    });
    expect(draft.shipTo).toEqual({
      name: "Sharma Warehouse",
      gstin: null,
      address: { line1: "Plot 7, MIDC", line2: null, city: "Thane", state_code: "27", pin: "400601" },
    });
    expect(draft.einvoice("INV/1")?.ShipDtls).toMatchObject({ LglNm: "Sharma Warehouse", Loc: "Thane" });
  });
});

describe("draftInvoice: refusals name each field", () => {
  it.each([
    ["no such party", facts(null), {}, "unknown_party", "/party_id"],
    ["a date after today in India", facts(meera), { date: "2026-11-24" }, "date_in_future", "/date"],
    [
      "a date in a closed financial year",
      { ...facts(meera), seller: { ...seller, booksClosedThrough: "2025-26" } },
      { date: "2026-03-31" },
      "financial_year_closed",
      "/date",
    ],
    [
      "a due date before the invoice's",
      facts(meera),
      { due_date: "2026-11-01" },
      "due_date_before_date",
      "/due_date",
    ],
    [
      "an e-invoiced buyer without an address",
      facts({ ...sharma, address: null }),
      {},
      "address_required",
      "/party_id",
    ],
    [
      "an e-invoiced buyer's name under 3 characters",
      facts({ ...sharma, name: "AB" }),
      {},
      "einvoice_party_incomplete",
      "/party_id",
    ],
    [
      "an unknown SKU",
      facts(meera),
      { items: [{ sku: "NOPE", qty: 1, rate: 1 }] },
      "unknown_sku",
      "/items/0/sku",
    ],
    [
      "an e-invoiced line without HSN",
      { ...facts(sharma), products: [{ ...pen, hsnCode: null }] },
      {},
      "hsn_missing",
      "/items/0/sku",
    ],
    [
      "a shipping bill on a domestic sale",
      facts(sharma),
      { shipping_bill: { port_code: "INBOM4", number: "1234567", date: "2026-11-23" } },
      "not_an_export",
      "/shipping_bill",
    ],
    [
      "a rate not yet in force on the date",
      { ...facts(meera), products: [{ ...pen, gstRate: parseMilli("40") }] },
      { date: "2025-06-01" },
      "rate_not_in_force",
      "/items/0/sku",
    ],
  ] as const)("%s", (_name, f, request, code, pointer) => {
    const refused = refusal(f as InvoiceFacts, request as Partial<InvoiceCreate>);
    expect(refused.code).toBe(code);
    expect(refused.errors.map((e) => e.pointer)).toContain(pointer);
  });

  it("reports every bad line at once", () => {
    const refused = refusal(facts(meera), {
      items: [
        { sku: "NOPE", qty: 1, rate: 1 },
        { sku: "PEN-01", qty: 1, rate: 1 },
        { sku: "ALSO-NOPE", qty: 1, rate: 1 },
      ],
    });
    expect(refused.errors.map((e) => e.pointer)).toEqual(["/items/0/sku", "/items/2/sku"]);
  });
});
