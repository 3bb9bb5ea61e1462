import { describe, expect, it } from "vitest";
import {
  type CreditNoteFacts,
  creditNoteDeadline,
  type DebitNoteFacts,
  draftCreditNote,
  draftDebitNote,
  type NotedLine,
  parseMilli,
} from "../src/index.js";

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

/** 10 pens at ₹100 less ₹50 discount, 18% IGST: taxable 950, IGST 171, total 1,121. */
const penLine: NotedLine = {
  lineNo: 1,
  productId: "prd_pen",
  sku: "PEN-01",
  description: "Ballpoint pen, blue",
  hsnCode: "96081019",
  unit: "NOS",
  qty: parseMilli("10"),
  rate: parseMilli("100"),
  discount: 5000n,
  taxable: 95000n,
  gstRate: parseMilli("18"),
  cessRate: 0n,
  taxes: { cgst: 0n, sgst: 0n, igst: 17100n, cess: 0n },
};

const invoice = {
  number: "INV/26-27/000001",
  date: "2026-11-01",
  financialYear: "2026-27",
  placeOfSupply: "27",
  supplyType: "inter_state" as const,
  reverseCharge: false,
  underLut: false,
  sez: false,
  deemedExport: false,
  irn: "a".repeat(64),
  party: {
    name: "Sharma Electronics",
    gstin: "27AAPFU0939F1ZV",
    state_code: "27" as const,
    address: { line1: "Shop 14", line2: null, city: "Mumbai", state_code: "27" as const, pin: "400007" },
  },
  igst: 17100n,
  total: 112100n,
  roundOff: 0n,
  balance: 112100n,
};

const credit = (more: Partial<CreditNoteFacts> = {}): CreditNoteFacts => ({
  seller,
  invoice,
  lines: [penLine],
  credited: [],
  debited: [],
  prior: { total: 0n, roundOff: 0n },
  ...more,
});

describe("draftCreditNote", () => {
  it("credits units at the line's rate less their share of its discount, and restocks a sales return", () => {
    const result = draftCreditNote(
      credit(),
      { invoice_id: "inv_1", reason: "sales_return", items: [{ sku: "PEN-01", qty: 4 }] },
      NOW,
    );
    if (!result.ok) throw new Error(result.refusal.detail);
    const { draft } = result;
    expect(draft.lines[0]?.tax).toMatchObject({
      gross: 40000n,
      discount: 2000n,
      taxable_value: 38000n,
      igst: 6840n,
    });
    expect(draft.tax.total).toBe(44800n);
    expect(draft.creditedToParty).toBe(44800n);
    expect(draft.refundDue).toBe(0n);
    expect(draft.restock.get("prd_pen")).toBe(parseMilli("4"));
    expect(draft.einvoice("CN/1")).toMatchObject({
      DocDtls: { Typ: "CRN" },
      RefDtls: { PrecDocDtls: [{ InvNo: "INV/26-27/000001", InvDt: "01/11/2026" }] },
    });
  });

  it("whole: credits all that is left, tax to the paisa the invoice charged, past what earlier notes took", () => {
    const earlier = {
      invoiceLineNo: 1,
      qty: parseMilli("4"),
      taxable: 38000n,
      taxes: { cgst: 0n, sgst: 0n, igst: 6840n, cess: 0n },
    };
    const result = draftCreditNote(
      credit({ credited: [earlier], prior: { total: 44800n, roundOff: -20n } }),
      { invoice_id: "inv_1", reason: "other", whole: true },
      NOW,
    );
    if (!result.ok) throw new Error(result.refusal.detail);
    expect(result.draft.tax).toMatchObject({ taxable_value: 57000n, igst: 10260n });
    // The notes together credit exactly the invoice's total.
    expect(44800n + result.draft.tax.total).toBe(112100n);
    expect(result.draft.restock.size).toBe(0);
  });

  it("refuses more than is left, and a date past 30 November after the invoice's year", () => {
    const more = draftCreditNote(
      credit(),
      { invoice_id: "inv_1", reason: "other", items: [{ sku: "PEN-01", qty: 11 }] },
      NOW,
    );
    expect(!more.ok && more.refusal.errors[0]).toMatchObject({
      code: "credit_exceeds_creditable",
      pointer: "/items/0/qty",
    });
    expect(creditNoteDeadline("2026-27")).toBe("2027-11-30");
    const late = draftCreditNote(
      credit(),
      { invoice_id: "inv_1", reason: "other", date: "2027-12-01", items: [{ sku: "PEN-01", qty: 1 }] },
      new Date("2027-12-02T00:00:00Z"),
    );
    expect(!late.ok && late.refusal.code).toBe("credit_note_too_late");
    const early = draftCreditNote(
      credit(),
      { invoice_id: "inv_1", reason: "other", date: "2026-10-01", items: [{ sku: "PEN-01", qty: 1 }] },
      NOW,
    );
    expect(!early.ok && early.refusal.code).toBe("date_before_invoice");
  });

  it("credits beyond the balance become a refund due", () => {
    const paid = credit({ invoice: { ...invoice, balance: 0n } });
    const result = draftCreditNote(
      paid,
      { invoice_id: "inv_1", reason: "other", items: [{ sku: "PEN-01", taxable_value: 100 }] },
      NOW,
    );
    if (!result.ok) throw new Error(result.refusal.detail);
    expect(result.draft.creditedToParty).toBe(0n);
    expect(result.draft.refundDue).toBe(result.draft.tax.total);
    expect(result.draft.lines[0]?.qty).toBeNull();
  });
});

describe("draftDebitNote", () => {
  const debit = (more: Partial<DebitNoteFacts> = {}): DebitNoteFacts => ({
    seller,
    invoice,
    lines: [penLine],
    prior: { total: 0n, roundOff: 0n },
    ...more,
  });

  it("adds value to a line at its rates, rounding with the invoice as billed so far", () => {
    const result = draftDebitNote(
      debit(),
      { invoice_id: "inv_1", reason: "price_revision", items: [{ sku: "PEN-01", taxable_value: 10.5 }] },
      NOW,
    );
    if (!result.ok) throw new Error(result.refusal.detail);
    expect(result.draft.tax).toMatchObject({ taxable_value: 1050n, igst: 189n });
    expect(result.draft.tax).toMatchObject({ total: 1200n, round_off: -39n });
    expect(result.draft.einvoice("DN/1")?.DocDtls.Typ).toBe("DBN");
  });

  it("names a SKU the invoice does not have", () => {
    const result = draftDebitNote(
      debit(),
      { invoice_id: "inv_1", reason: "other", items: [{ sku: "NOPE", taxable_value: 1 }] },
      NOW,
    );
    expect(!result.ok && result.refusal.errors[0]).toMatchObject({
      code: "unknown_sku",
      pointer: "/items/0/sku",
    });
  });
});
