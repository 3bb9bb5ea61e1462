/**
 * Every particular of Rule 46 (tax invoices) and Rule 53 (credit and debit notes) of the CGST Rules,
 * found in the text that Poppler reads back from the PDF, for each kind of document.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { renderDocumentPdf } from "../src/index.js";
import type { RenderDocumentInput } from "../src/types.js";
import { documents } from "./documents.js";
import { account, creditNote, debitNote, interStateInvoice, intraStateInvoice } from "./fixtures.js";
import { pdfFonts, pdfText, popplerAvailable, squash } from "./poppler.js";

const texts = new Map<string, string>();

async function textOf(name: string): Promise<string> {
  const cached = texts.get(name);
  if (cached !== undefined) return cached;
  const input = documents[name] as RenderDocumentInput;
  const text = squash(pdfText(await renderDocumentPdf(input), "raw"));
  texts.set(name, text);
  return text;
}

function expectPhrases(text: string, phrases: readonly string[]): void {
  for (const phrase of phrases) expect(text, `"${phrase}" is printed`).toContain(phrase);
}

/** The supplier's particulars, on every document: name, address, GSTIN (Rule 46(a), 53(1A)(a)). */
const SUPPLIER = [
  "Acme Traders Private Limited",
  "Trade name: Acme Traders",
  "12 MG Road",
  "Near Trinity Metro Station",
  "Bengaluru - 560001",
  "State: Karnataka (29)",
  `GSTIN: ${account.gstin}`,
  `PAN: ${account.pan}`,
];

/** The signature (Rule 46(q)). */
const SIGNATURE = ["For Acme Traders Private Limited", "Authorised signatory"];

describe.skipIf(!popplerAvailable)("Rule 46 particulars read back with pdftotext (needs Poppler)", () => {
  beforeAll(async () => {
    await Promise.all(Object.keys(documents).map((name) => textOf(name)));
  });

  it("an intra-state invoice: CGST and SGST at half the rate each, e-invoice IRN and acknowledgement", async () => {
    const text = await textOf("invoice-intra-state");
    const irn = intraStateInvoice.irn ?? "";
    expectPhrases(text, [
      ...SUPPLIER,
      ...SIGNATURE,
      "TAX INVOICE",
      "ORIGINAL FOR RECIPIENT",
      "Invoice No. INV/2026-27/0001",
      "Invoice date 23-Nov-2026",
      "Due date 23-Dec-2026",
      "Place of supply Karnataka (29)",
      "Supply Intra-state (CGST + SGST)",
      "Reverse charge No",
      "Tax is payable on reverse charge: No.",
      // The recipient: name (in Devanagari and Latin), address, GSTIN, state.
      "Bill to (recipient) श्री गणेश ट्रेडर्स (Shree Ganesh Traders)",
      "45, 2nd Cross, Chickpet",
      "Bengaluru - 560053",
      `GSTIN: ${intraStateInvoice.party.gstin}`,
      // Each line: #, description, HSN/SAC, qty, unit, rate, discount, taxable value, CGST rate and
      // amount, SGST rate and amount, total.
      "# Description HSN/SAC Qty Unit Rate Discount Taxable value CGST Rate Amount SGST Rate Amount Total",
      "1 Ballpoint pen, blue (box of 10) 96081019 23 BOX 99.99 0.00 2,299.77 9% 206.98 9% 206.98 2,713.73",
      "2 A4 ruled notebook, 200 pages 48202000 120 NOS 62.50 300.00 7,200.00 2.5% 180.00 2.5% 180.00 7,560.00",
      "3 Installation and training service at the customer's premises 998719 1 NA 1,500.00 100.00 1,400.00 9% 126.00 9% 126.00 1,652.00",
      "Taxable value ₹10,899.77",
      "CGST ₹512.98",
      "SGST ₹512.98",
      "Round off ₹0.27",
      "Total ₹11,926.00",
      "Amount in words Indian Rupees Eleven Thousand Nine Hundred Twenty-Six Only",
      // The e-invoice particulars: the IRN (printed in two halves), Ack No and date.
      `IRN ${irn.slice(0, 32)} ${irn.slice(32)}`,
      "Ack No. 132610000045871",
      "Ack date 23-Nov-2026 11:42:41 IST",
      "Notes Thank you for your business.",
      "Page 1 of 1",
    ]);
    expect(text).not.toContain("IGST");
  });

  it("an inter-state invoice: IGST at the full rate, a separate address of delivery", async () => {
    const text = await textOf("invoice-inter-state");
    expectPhrases(text, [
      ...SUPPLIER,
      ...SIGNATURE,
      "TAX INVOICE",
      "DUPLICATE FOR TRANSPORTER",
      "Invoice No. INV/2026-27/0002",
      "Place of supply Maharashtra (27)",
      "Supply Inter-state (IGST)",
      "Reverse charge No",
      "Bill to (recipient) Sharma Electronics Shop 14, Lamington Road Grant Road East Mumbai - 400007 GSTIN: 27AAPFU0939F1ZV State: Maharashtra (27)",
      "Ship to (address of delivery) Sharma Electronics Warehouse Gala 3, Bhiwandi Logistics Park Bhiwandi - 421302 GSTIN: 27AAPFU0939F1ZV State: Maharashtra (27)",
      "# Description HSN/SAC Qty Unit Rate Discount Taxable value IGST Rate Amount Total",
      "1 Ballpoint pen, blue (box of 10) 96081019 23 BOX 99.99 0.00 2,299.77 18% 413.96 2,713.73",
      "2 A4 ruled notebook, 200 pages 48202000 120 NOS 62.50 300.00 7,200.00 5% 360.00 7,560.00",
      "Taxable value ₹10,899.77",
      `IGST ₹${"1,025.96"}`,
      "Round off ₹0.27",
      "Total ₹11,926.00",
      "Indian Rupees Eleven Thousand Nine Hundred Twenty-Six Only",
      `IRN ${interStateInvoice.irn?.slice(0, 32)}`,
    ]);
    expect(text).not.toContain("CGST");
  });

  it("a reverse-charge invoice: says so, shows the tax and leaves it out of the total", async () => {
    const text = await textOf("invoice-reverse-charge");
    expectPhrases(text, [
      ...SUPPLIER,
      ...SIGNATURE,
      "Reverse charge Yes",
      "TAX IS PAYABLE ON REVERSE CHARGE BY THE RECIPIENT",
      "1 Goods transport by road, full truck load, Bengaluru to Hosur (consignment note 4471) 996511 1 NA 18,500.00 0.00 18,500.00 2.5% 462.50 2.5% 462.50 18,500.00",
      "Tax is payable on reverse charge: Yes. The recipient pays the GST on this invoice (CGST ₹493.76 and SGST ₹493.76) to the government under reverse charge; it is not included in the total.",
      "CGST ₹493.76",
      "SGST ₹493.76",
      "Total (without the GST under reverse charge) ₹19,751.00",
      "Indian Rupees Nineteen Thousand Seven Hundred Fifty-One Only",
    ]);
  });

  it("an export under LUT: the endorsement, the country of destination, the shipping bill, IGST at 0", async () => {
    const text = await textOf("invoice-export-lut");
    expectPhrases(text, [
      ...SUPPLIER,
      ...SIGNATURE,
      "SUPPLY MEANT FOR EXPORT UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX",
      "Place of supply Other Countries (96)",
      "Supply Export (IGST, under LUT)",
      "Country of destination United States (US)",
      "Shipping bill No. 4512863 dated 27-Nov-2026, port INBLR4",
      "Bill to (recipient) Brooklyn Home Goods Inc. 350 Fifth Avenue Suite 4100 New York 10118 United States (US)",
      "1 Brass oil lamp (diya), hand-made, 8 inch 74198090 400 NOS 842.75 0.00 3,37,100.00 18% 0.00 3,37,100.00",
      "IGST ₹0.00",
      "Total ₹6,43,350.00",
      "Indian Rupees Six Lakh Forty-Three Thousand Three Hundred Fifty Only",
      "Letter of undertaking: ARN AD2903260012345 dated 28-Mar-2026.",
    ]);
    expect(text).not.toContain("ON PAYMENT OF INTEGRATED TAX");
    expect(text).not.toContain("Unregistered");
  });

  it("an export on payment of IGST: its endorsement and the IGST charged", async () => {
    const text = await textOf("invoice-export-igst");
    expectPhrases(text, [
      ...SUPPLIER,
      ...SIGNATURE,
      "SUPPLY MEANT FOR EXPORT ON PAYMENT OF INTEGRATED TAX",
      "Place of supply Other Countries (96)",
      "Country of destination United Arab Emirates (AE)",
      // 1,250.5 kg × ₹2,310.255 = ₹28,88,973.8775, rounded to the paisa; IGST 5% of it, half-up.
      "1 Green cardamom, 8 mm bold, 25 kg bags 09083120 1,250.5 KGS 2,310.255 0.00 28,88,973.88 5% 1,44,448.69 30,33,422.57",
      "IGST ₹1,44,448.69",
      "Round off ₹0.43",
      "Total ₹30,33,423.00",
      "Indian Rupees Thirty Lakh Thirty-Three Thousand Four Hundred Twenty-Three Only",
    ]);
    expect(text).not.toContain("LETTER OF UNDERTAKING");
  });

  it("a supply to an SEZ unit: its endorsement", async () => {
    const text = await textOf("invoice-sez");
    expectPhrases(text, [
      ...SUPPLIER,
      ...SIGNATURE,
      "TRIPLICATE FOR SUPPLIER",
      "SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX",
      "Place of supply Tamil Nadu (33)",
      "Supply Supply to an SEZ unit or developer (IGST, under LUT)",
      "Coromandel Software Exports Private Limited (SEZ unit)",
      "Total ₹4,36,000.00",
      "Indian Rupees Four Lakh Thirty-Six Thousand Only",
    ]);
  });

  it("an invoice to an unregistered buyer: the address and state instead of a GSTIN, no e-invoice", async () => {
    const text = await textOf("invoice-unregistered");
    expectPhrases(text, [
      ...SUPPLIER,
      ...SIGNATURE,
      "Bill to (recipient) Anjali Menon TC 25/1820, Vazhuthacaud Thiruvananthapuram - 695014 GSTIN: Unregistered State: Kerala (32)",
      "Place of supply Kerala (32)",
      "1 55-inch 4K LED television 85287217 1 NOS 54,990.00 2,000.00 52,990.00 18% 9,538.20 62,528.20",
      "Round off -₹0.02",
      "Total ₹64,297.00",
      "Indian Rupees Sixty-Four Thousand Two Hundred Ninety-Seven Only",
    ]);
    expect(text).not.toContain("IRN");
    expect(text).not.toContain("Due date");
  });

  it("an invoice from before February 2026 prints its compensation cess", async () => {
    const text = await textOf("invoice-cess");
    expectPhrases(text, [
      "Taxable value IGST Rate Amount Cess Total",
      "1 Aerated soft drink, 300 ml, crate of 24 22021010 80 BOX 480.00 0.00 38,400.00 28% 10,752.00 4,608.00 53,760.00",
      "Cess ₹4,608.00",
      "Total ₹53,760.00",
    ]);
  });

  it("a credit note: the invoice it credits, the reason, the recipient and the values credited", async () => {
    const text = await textOf("credit-note");
    expectPhrases(text, [
      ...SUPPLIER,
      ...SIGNATURE,
      "CREDIT NOTE",
      "Credit note No. CN/2026-27/0001",
      "Credit note date 30-Nov-2026",
      "Against invoice INV/2026-27/0002 dated 23-Nov-2026",
      "Reason Sales return",
      "Place of supply Maharashtra (27)",
      "Reverse charge No",
      "Bill to (recipient) Sharma Electronics Shop 14, Lamington Road",
      "GSTIN: 27AAPFU0939F1ZV",
      "1 Ballpoint pen, blue (box of 10) 96081019 2 BOX 99.99 0.00 199.98 18% 36.00 235.98",
      // A line credited by value alone has no quantity, unit or rate.
      "2 Installation and training service: one day not delivered (value only) 998719 0.00 350.00 18% 63.00 413.00",
      "Taxable value ₹549.98",
      "IGST ₹99.00",
      "Total credited ₹649.00",
      "Set off against the invoice ₹649.00",
      "Refund due to the recipient ₹0.00",
      "Indian Rupees Six Hundred Forty-Nine Only",
      `IRN ${creditNote.irn?.slice(0, 32)} ${creditNote.irn?.slice(32)}`,
      "Ack No. 132610000046302",
      "Ack date 30-Nov-2026 15:11:07 IST",
    ]);
  });

  it("a debit note: the invoice it debits, the reason and the values added", async () => {
    const text = await textOf("debit-note");
    expectPhrases(text, [
      ...SUPPLIER,
      ...SIGNATURE,
      "DEBIT NOTE",
      "Debit note No. DN/2026-27/0001",
      "Debit note date 02-Dec-2026",
      "Against invoice INV/2026-27/0001 dated 23-Nov-2026",
      "Reason Price revised upwards",
      "Place of supply Karnataka (29)",
      "श्री गणेश ट्रेडर्स (Shree Ganesh Traders)",
      "# Description HSN/SAC Taxable value CGST Rate Amount SGST Rate Amount Total",
      "1 Ballpoint pen, blue (box of 10): price revised from ₹99.99 to ₹104.99 a box 96081019 115.00 9% 10.35 9% 10.35 135.70",
      "Total debited ₹136.00",
      "Indian Rupees One Hundred Thirty-Six Only",
      `IRN ${debitNote.irn?.slice(0, 32)} ${debitNote.irn?.slice(32)}`,
    ]);
  });

  it("embeds its fonts: Noto Sans for Latin and ₹, Noto Sans Devanagari for Devanagari names", async () => {
    const pdf = await renderDocumentPdf(documents["invoice-intra-state"] as RenderDocumentInput);
    const fonts = pdfFonts(pdf);
    const rows = fonts.split("\n").filter((line) => /Noto/.test(line));
    expect(rows.some((row) => /\+NotoSans-Regular\s/.test(row))).toBe(true);
    expect(rows.some((row) => /\+NotoSansDevanagari-Bold\s/.test(row))).toBe(true);
    // Every font is embedded (emb), as a subset (sub), with a Unicode map (uni).
    for (const row of rows) expect(row).toMatch(/\syes\s+yes\s+yes\s/);
    expect(fonts).not.toMatch(/Helvetica|Times|Courier/);
  });
});

describe("every kind of document", () => {
  it("renders every kind of document to a PDF all the same", async () => {
    for (const input of Object.values(documents)) {
      const pdf = await renderDocumentPdf(input);
      expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
      expect(Buffer.from(pdf.subarray(-6)).toString("latin1")).toContain("%%EOF");
    }
  });
});
