/**
 * The layout holds for every document and for the largest values the contract allows: no word runs
 * into another (a figure into the next column, a long name into the QR code), none leaves the page's
 * margins, and nothing reaches the footer but the footer.
 */
import { describe, expect, it } from "vitest";
import { formatMoney, formatRupeeAmount, renderDocumentPdf } from "../src/index.js";
import type { Invoice, RenderDocumentInput } from "../src/types.js";
import { documents } from "./documents.js";
import { account, makeInvoice, parties } from "./fixtures.js";
import { pdfWords, popplerAvailable, type Word } from "./poppler.js";

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;

/** Words whose boxes share most of their height are on one line: there they must not overlap. */
function collisions(words: readonly Word[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const a = words[i] as Word;
    for (let j = i + 1; j < words.length; j++) {
      const b = words[j] as Word;
      if (a.page !== b.page) continue;
      const shared = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (shared < 0.5 * Math.min(a.yMax - a.yMin, b.yMax - b.yMin)) continue;
      const overlap = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      if (overlap > 0.3)
        found.push(`page ${a.page}: "${a.text}" and "${b.text}" overlap by ${overlap.toFixed(2)} pt`);
    }
  }
  return found;
}

function outside(words: readonly Word[]): string[] {
  return words
    .filter((w) => w.xMin < 27.5 || w.xMax > PAGE_WIDTH - 27.5 || w.yMin < 20 || w.yMax > PAGE_HEIGHT - 20)
    .map(
      (w) =>
        `page ${w.page}: "${w.text}" at ${w.xMin.toFixed(1)},${w.yMin.toFixed(1)}–${w.xMax.toFixed(1)},${w.yMax.toFixed(1)}`,
    );
}

/** The largest amounts, longest texts and longest unbroken words the contract allows. */
function extremeInvoice(): Invoice {
  const name = `Maximum Length Enterprises and Industrial Holdings of India Private Limited, Unit ${"X".repeat(18)}`;
  const invoice = makeInvoice({
    id: "inv_01jd4r5t6v7w8x9y0z1a2b3c77",
    number: "ABCDEF/GHIJ-KLMN",
    date: "2026-11-28",
    party: {
      ...parties.karnataka,
      name: name.slice(0, 100),
      address: {
        line1: "Building 1234567890, ".repeat(5).slice(0, 100),
        line2:
          "Industrial Area Phase II, Next to the Very Long Named Landmark Temple Road Junction Bus Stop Ne",
        city: "Bengaluru Rural District Devanahalli Taluk Vijayapura Hobli Village",
        state_code: "29",
        pin: "562135",
      },
    },
    lines: [
      {
        sku: "LONG",
        description:
          `${"Supercalifragilisticexpialidocious".repeat(3)} ${"a very long description ".repeat(9)}`.slice(
            0,
            300,
          ),
        hsn_code: "96081019",
        unit: "NOS",
        qty: 9999999.999,
        rate: 7000.123,
        discount: 99999.99,
        gst_rate: 40,
      },
      {
        sku: "SMALL",
        description: "दीपक (lamp)",
        hsn_code: "9405",
        unit: "PCS",
        qty: 0.001,
        rate: 0.001,
        gst_rate: 0.25,
      },
    ],
    notes: "Terms and conditions: "
      .concat("Payment within thirty days of the invoice date, by bank transfer only. ".repeat(14))
      .slice(0, 1000),
  });
  return invoice;
}

describe.skipIf(!popplerAvailable)("layout, read back with pdftotext -bbox (needs Poppler)", () => {
  const cases: [string, RenderDocumentInput][] = Object.entries(documents).filter(
    ([name]) => name !== "invoice-cancelled",
  );
  cases.push(["extremes", { kind: "invoice", document: extremeInvoice(), account, copy: "triplicate" }]);

  it.each(cases)("%s: no word overlaps another or leaves the margins", async (_name, input) => {
    // Devanagari runs are extracted from their ActualText, to which Poppler gives no real box
    // (a point at the start of the marked content): they are left out of the geometry.
    const words = pdfWords(await renderDocumentPdf(input)).filter((w) => !/[\u0900-\u097f]/.test(w.text));
    expect(words.length).toBeGreaterThan(50);
    expect(collisions(words)).toEqual([]);
    expect(outside(words)).toEqual([]);
  });

  it("prints the largest amounts whole, set smaller where a column is narrow", async () => {
    const document = extremeInvoice();
    const words = pdfWords(await renderDocumentPdf({ kind: "invoice", document, account, copy: "original" }));
    const texts = words.map((w) => w.text);
    const item = document.items[0];
    if (!item) throw new Error("no line");
    // 9,999,999.999 units at ₹7,000.123, less ₹99,999.99: close to the contract's largest total.
    expect(document.total).toBeGreaterThan(90_000_000_000);
    for (const figure of [
      "99,99,999.999",
      "7,000.123",
      "99,999.99",
      formatMoney(item.taxable_value),
      formatMoney(item.cgst),
      formatMoney(item.total),
    ]) {
      expect(texts, figure).toContain(figure);
    }
    expect(texts).toContain(formatRupeeAmount(document.total));
  });
});
