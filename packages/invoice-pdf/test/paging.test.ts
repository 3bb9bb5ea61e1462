/**
 * A 1,000-line invoice (the e-invoice limit) pages correctly: the table's header on every page,
 * "Page x of y" on every page, every line once and in order, the totals on the last page only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { renderDocumentPdf } from "../src/index.js";
import { largeDocument } from "./documents.js";
import { decodeQr, pdfPages, popplerAvailable, rasterise, squash } from "./poppler.js";

const TABLE_HEADER =
  "# Description HSN/SAC Qty Unit Rate Discount Taxable value CGST Rate Amount SGST Rate Amount Total";

describe.skipIf(!popplerAvailable)("a 1,000-line invoice, read back with pdftotext (needs Poppler)", () => {
  const input = largeDocument(1000);
  let pdf: Uint8Array;
  let pages: string[];

  beforeAll(async () => {
    pdf = await renderDocumentPdf(input);
    pages = pdfPages(pdf, "raw").map(squash);
  });

  it("fills many A4 pages, each numbered 'Page x of y'", () => {
    expect(pages.length).toBeGreaterThan(15);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page.match(/Page \d+ of \d+/g)).toHaveLength(1);
    });
  });

  it("repeats the table's header on every page, and the document's number on every page after the first", () => {
    pages.forEach((page, index) => {
      expect(page, `page ${index + 1}`).toContain(TABLE_HEADER);
      expect(page, `page ${index + 1}`).toContain("TAX INVOICE INV/2026-27/0999");
      if (index > 0) {
        expect(page).toContain(
          "Acme Traders Private Limited TAX INVOICE INV/2026-27/0999 dated 28-Nov-2026 (continued)",
        );
      }
    });
  });

  it("prints every line once, in order, never split across two pages", () => {
    const seen: number[] = [];
    pages.forEach((page) => {
      const body = page.slice(page.indexOf(TABLE_HEADER) + TABLE_HEADER.length);
      for (const match of body.matchAll(/(?:^| )(\d{1,4}) [A-Z][\s\S]*? (?:lot \1) (\d{8}) /g))
        seen.push(Number(match[1]));
    });
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    const items = input.document.items;
    const last = items[items.length - 1];
    expect(pages[pages.length - 1]).toContain(`1000 ${last?.description}`);
  });

  it("puts the totals, the amount in words and the signature on the last page only", () => {
    const last = pages[pages.length - 1] ?? "";
    const total = input.document.total;
    expect(total).toBe(2953911);
    expect(last).toContain("Total ₹29,53,911.00");
    expect(last).toContain(
      "Amount in words Indian Rupees Twenty-Nine Lakh Fifty-Three Thousand Nine Hundred Eleven Only",
    );
    expect(last).toContain("Authorised signatory");
    for (const page of pages.slice(0, -1)) {
      expect(page).not.toContain("Amount in words");
      expect(page).not.toContain("Authorised signatory");
    }
  });

  it("prints the IRN and the QR symbol on the first page", () => {
    expect(pages[0]).toContain(`IRN ${input.document.irn?.slice(0, 32)}`);
    expect(decodeQr(rasterise(pdf, 1, 200, { x: 400, y: 40, width: 195, height: 320 }))).toBe(
      input.document.signed_qr_code,
    );
  });
});

describe("paging without Poppler", () => {
  it("gives the same bytes for the same document (the PDF's dates are the document's)", async () => {
    const input = largeDocument(60);
    const [a, b] = await Promise.all([renderDocumentPdf(input), renderDocumentPdf(input)]);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
  });
});
