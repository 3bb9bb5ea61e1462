/** What each document prints, before layout: particulars, columns, totals and statements. */
import { describe, expect, it } from "vitest";
import { buildView, documentFileName } from "../src/index.js";
import type { Account, Invoice } from "../src/types.js";
import {
  account,
  creditNote,
  debitNote,
  exportIgstInvoice,
  exportLutInvoice,
  interStateInvoice,
  intraStateInvoice,
  reverseChargeInvoice,
  sezInvoice,
  unregisteredInvoice,
} from "./fixtures.js";

function particular(view: ReturnType<typeof buildView>, label: string): string | undefined {
  return view.particulars.find(([name]) => name === label)?.[1];
}

describe("buildView", () => {
  it("labels the copies as Rule 48 has them", () => {
    const copies = (["original", "duplicate", "triplicate"] as const).map(
      (copy) => buildView({ kind: "invoice", document: intraStateInvoice, account, copy }).copyLabel,
    );
    expect(copies).toEqual([
      "ORIGINAL FOR RECIPIENT",
      "DUPLICATE FOR TRANSPORTER",
      "TRIPLICATE FOR SUPPLIER",
    ]);
  });

  it("has CGST and SGST columns within a state, IGST columns across states", () => {
    const intra = buildView({ kind: "invoice", document: intraStateInvoice, account, copy: "original" });
    expect(intra.columns.map((c) => c.group ?? c.key)).toEqual([
      "sl",
      "description",
      "hsn",
      "qty",
      "unit",
      "rate",
      "discount",
      "taxable",
      "CGST",
      "CGST",
      "SGST",
      "SGST",
      "total",
    ]);
    const inter = buildView({ kind: "invoice", document: interStateInvoice, account, copy: "original" });
    expect(inter.columns.filter((c) => c.group).map((c) => c.group)).toEqual(["IGST", "IGST"]);
    expect(inter.totals.map((t) => t.label)).toEqual(["Taxable value", "IGST", "Round off", "Total"]);
  });

  it("prints UTGST where the invoice says so (a union territory without a legislature)", () => {
    const chandigarh: Account = {
      ...account,
      gstin: "04AABCU9603R1ZV",
      state_code: "04",
      address: { ...account.address, city: "Chandigarh", state_code: "04", pin: "160017" },
    };
    const document: Invoice = { ...intraStateInvoice, place_of_supply: "04", sgst_label: "UTGST" };
    const view = buildView({ kind: "invoice", document, account: chandigarh, copy: "original" });
    expect(view.columns.map((c) => c.group).filter(Boolean)).toEqual(["CGST", "CGST", "UTGST", "UTGST"]);
    expect(view.totals.map((t) => t.label)).toContain("UTGST");
    expect(particular(view, "Supply")).toBe("Intra-state (CGST + UTGST)");
    expect(particular(view, "Place of supply")).toBe("Chandigarh (04)");
  });

  it("endorses exports and SEZ supplies, under LUT or on payment of IGST", () => {
    const view = (document: Invoice) => buildView({ kind: "invoice", document, account, copy: "original" });
    expect(view(exportLutInvoice).endorsements).toEqual([
      "SUPPLY MEANT FOR EXPORT UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX",
    ]);
    expect(view(exportIgstInvoice).endorsements).toEqual([
      "SUPPLY MEANT FOR EXPORT ON PAYMENT OF INTEGRATED TAX",
    ]);
    expect(view(sezInvoice).endorsements).toEqual([
      "SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX",
    ]);
    expect(view({ ...sezInvoice, under_lut: false }).endorsements).toEqual([
      "SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS ON PAYMENT OF INTEGRATED TAX",
    ]);
    expect(view(intraStateInvoice).endorsements).toEqual([]);
    expect(view(unregisteredInvoice).endorsements).toEqual([]);
  });

  it("prints the LUT's ARN only when given, and only for a supply under LUT", () => {
    const lut = { arn: "AD2903260012345" };
    const under = buildView({ kind: "invoice", document: exportLutInvoice, account, copy: "original", lut });
    expect(under.statements).toContain("Letter of undertaking: ARN AD2903260012345.");
    const paid = buildView({ kind: "invoice", document: exportIgstInvoice, account, copy: "original", lut });
    expect(paid.statements.join(" ")).not.toContain("Letter of undertaking");
  });

  it("states reverse charge either way", () => {
    const yes = buildView({ kind: "invoice", document: reverseChargeInvoice, account, copy: "original" });
    expect(particular(yes, "Reverse charge")).toBe("Yes");
    expect(yes.endorsements).toContain("TAX IS PAYABLE ON REVERSE CHARGE BY THE RECIPIENT");
    const no = buildView({ kind: "invoice", document: intraStateInvoice, account, copy: "original" });
    expect(particular(no, "Reverse charge")).toBe("No");
    expect(no.statements[0]).toBe("Tax is payable on reverse charge: No.");
  });

  it("marks a deemed export", () => {
    const document: Invoice = { ...interStateInvoice, deemed_export: true };
    const view = buildView({ kind: "invoice", document, account, copy: "original" });
    expect(view.statements).toContain("Deemed export (section 147 of the CGST Act).");
  });

  it("prints a cancelled invoice as cancelled, with the reason", () => {
    const document: Invoice = {
      ...intraStateInvoice,
      status: "cancelled",
      cancellation: {
        reason: "2",
        remark: "Wrong quantity entered",
        cancelled_at: "2026-11-23T20:15:00.000Z",
      },
    };
    const view = buildView({ kind: "invoice", document, account, copy: "original" });
    expect(view.cancelled).toBe("CANCELLED on 24-Nov-2026: data entry mistake (Wrong quantity entered)");
  });

  it("names the invoice a note amends, and its recipient, from the invoice given", () => {
    const view = buildView({
      kind: "credit_note",
      document: creditNote,
      account,
      copy: "original",
      invoice: interStateInvoice,
    });
    expect(view.title).toBe("CREDIT NOTE");
    expect(particular(view, "Against invoice")).toBe("INV/2026-27/0002 dated 23-Nov-2026");
    expect(particular(view, "Reason")).toBe("Sales return");
    expect(view.billTo?.name).toBe("Sharma Electronics");
    expect(view.shipTo?.name).toBe("Sharma Electronics Warehouse");
  });

  it("without the invoice, a note names it by its id and leaves the recipient to the invoice", () => {
    const view = buildView({ kind: "debit_note", document: debitNote, account, copy: "original" });
    expect(particular(view, "Against invoice")).toBe(debitNote.invoice_id);
    expect(view.billTo).toBeNull();
  });

  it("leaves out quantity, unit and rate of a line credited by value alone", () => {
    const view = buildView({
      kind: "credit_note",
      document: creditNote,
      account,
      copy: "original",
      invoice: interStateInvoice,
    });
    const keys = view.columns.map((c) => c.key);
    const row = view.rows[1] ?? [];
    expect(row[keys.indexOf("qty")]).toBe("");
    expect(row[keys.indexOf("unit")]).toBe("");
    expect(row[keys.indexOf("rate")]).toBe("");
    expect(row[keys.indexOf("taxable")]).toBe("350.00");
  });

  it("has no quantity, rate or discount columns on a debit note, whose lines carry none", () => {
    const view = buildView({
      kind: "debit_note",
      document: debitNote,
      account,
      copy: "original",
      invoice: intraStateInvoice,
    });
    expect(view.columns.map((c) => c.key)).not.toContain("qty");
    expect(view.columns.map((c) => c.key)).not.toContain("discount");
    expect(view.title).toBe("DEBIT NOTE");
  });

  it("names an unregistered buyer's state, and a buyer abroad's country without a GSTIN", () => {
    const b2c = buildView({ kind: "invoice", document: unregisteredInvoice, account, copy: "original" });
    expect(b2c.billTo?.lines).toEqual([
      "TC 25/1820, Vazhuthacaud",
      "Thiruvananthapuram - 695014",
      "GSTIN: Unregistered",
      "State: Kerala (32)",
    ]);
    expect(b2c.einvoice).toBeNull();
    const abroad = buildView({ kind: "invoice", document: exportLutInvoice, account, copy: "original" });
    expect(abroad.billTo?.lines).toEqual([
      "350 Fifth Avenue",
      "Suite 4100",
      "New York 10118",
      "United States (US)",
    ]);
    expect(particular(abroad, "Country of destination")).toBe("United States (US)");
  });
});

describe("documentFileName", () => {
  it("names the file after the document's number and the copy", () => {
    expect(documentFileName({ document: intraStateInvoice, copy: "original" })).toBe(
      "INV-2026-27-0001-original.pdf",
    );
    expect(documentFileName({ document: creditNote, copy: "triplicate" })).toBe(
      "CN-2026-27-0001-triplicate.pdf",
    );
  });
});
