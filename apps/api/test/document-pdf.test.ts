/**
 * GET /v1/invoices/{id}/pdf and the notes' PDFs, over HTTP on a real database: documents made
 * through the API, their PDFs read back with Poppler's pdftotext (particulars) and pdftoppm (the QR
 * symbol, decoded with jsQR), the copies, the ETag and 304, and every error status the spec lists.
 */
import { spawn, spawnSync } from "node:child_process";
import { formatRupeeAmount as formatMoney, rupeesInWords } from "@bahi/invoice-pdf";
import jsqr from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { penSeller } from "./support/pen-seller.js";
import { createTenant, GSTINS, keyWithScopes } from "./support/tenants.js";

const popplerAvailable = ["pdftotext", "pdftoppm"].every(
  (tool) => spawnSync(tool, ["-v"], { stdio: "ignore" }).error === undefined,
);
if (!popplerAvailable) {
  console.warn(
    "SKIPPED: the tests that read PDFs back need Poppler's pdftotext and pdftoppm (apt-get install poppler-utils).",
  );
}

/** jsqr is a CommonJS module whose types describe an ES default export; both shapes are callable. */
const jsQR = ((jsqr as unknown as { default?: typeof jsqr }).default ??
  jsqr) as unknown as typeof jsqr.default;

/**
 * Runs a Poppler tool on `input` without blocking the event loop: a blocked loop (seconds on a busy
 * machine) keeps the client from seeing the server close an idle keep-alive connection, and the next
 * request then goes out on a dead socket (ECONNRESET).
 */
function poppler(tool: string, args: readonly string[], input: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["pipe", "pipe", "inherit"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${tool} exited with ${code}`)),
    );
    child.stdin.end(input);
  });
}

/** The PDF's text in content-stream order, pages separated by form feeds. */
async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await poppler("pdftotext", ["-raw", "-enc", "UTF-8", "-", "-"], pdf)).toString("utf8");
}

/** The PDF's text in content-stream order, runs of white space made one space. */
async function textOf(pdf: Uint8Array): Promise<string> {
  return (await pdfText(pdf)).replace(/\s+/g, " ").trim();
}

/** The text of the QR symbol on the first page, rasterised at 150 dpi as a scan would be read. */
async function qrOf(pdf: Uint8Array): Promise<string | null> {
  const png = PNG.sync.read(
    await poppler("pdftoppm", ["-png", "-r", "150", "-f", "1", "-l", "1", "-singlefile", "-"], pdf),
  );
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, {
    inversionAttempts: "dontInvert",
  });
  return found ? found.data : null;
}

function expectPhrases(text: string, phrases: readonly string[]): void {
  for (const phrase of phrases) expect(text, `"${phrase}" is printed`).toContain(phrase);
}

/** The supplier's particulars and the signature, on every document (Rule 46(a) and (q)). */
const SUPPLIER = [
  "Acme Traders Private Limited",
  "12 MG Road",
  "Bengaluru - 560001",
  "State: Karnataka (29)",
  `GSTIN: ${GSTINS.karnataka}`,
  "For Acme Traders Private Limited",
  "Authorised signatory",
];

/** The totals as the API computed them, as the PDF must print them (Indian grouping, in words). */
function totals(document: Record<string, any>): string[] {
  return [
    `Taxable value ${formatMoney(document.taxable_value)}`,
    `Round off ${formatMoney(document.round_off)}`,
    `Amount in words ${rupeesInWords(document.total)}`,
  ];
}

/** The e-invoice particulars: the IRN (printed in two halves), Ack No. */
function einvoiceParticulars(document: Record<string, any>): string[] {
  const irn = document.irn as string;
  return [`IRN ${irn.slice(0, 32)} ${irn.slice(32)}`, `Ack No. ${document.ack_no}`];
}

let api: TestApi;
let seller: Awaited<ReturnType<typeof penSeller>>;
const invoices: Record<string, Record<string, any>> = {};
const notes: Record<string, Record<string, any>> = {};

/** The PDF of an invoice, answered 200 and conforming to the spec (api.call checks it). */
async function pdfOf(
  operationId: string,
  id: string,
  query: Record<string, string> = {},
): Promise<CallResult> {
  const res = await seller.call(operationId, { path: { id }, query });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(Buffer.from(res.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  return res;
}

beforeAll(async () => {
  api = await startTestApi();
  seller = await penSeller(api);
  const address = { line1: "45, 2nd Cross, Chickpet", city: "Bengaluru", state_code: "29", pin: "560053" };
  const parties = {
    intra: await seller.party({ name: "Shree Ganesh Traders", gstin: GSTINS.karnatakaOther, address }),
    inter: await seller.party({
      name: "Sharma Electronics",
      gstin: GSTINS.maharashtra,
      address: { line1: "Shop 14, Lamington Road", city: "Mumbai", state_code: "27", pin: "400007" },
    }),
    abroad: await seller.party({
      name: "Hudson Retail Inc.",
      address: { line1: "350 Fifth Avenue", city: "New York", postal_code: "10118", country: "US" },
    }),
    unregistered: await seller.party({
      name: "Meera Rao",
      address: { line1: "221 Kalidasa Road", city: "Mysuru", state_code: "29", pin: "570002" },
    }),
  };
  invoices.intra = await seller.issued(parties.intra, 23);
  invoices.inter = await seller.issued(parties.inter, 1234);
  invoices.reverseCharge = await seller.issued(parties.intra, 5, { reverse_charge: true });
  invoices.export = await seller.issued(parties.abroad, 400, { place_of_supply: "96", under_lut: true });
  invoices.unregistered = await seller.issued(parties.unregistered, 2);
  notes.credit = await seller.created("createCreditNote", {
    invoice_id: invoices.inter?.id,
    reason: "sales_return",
    items: [{ sku: "PEN", qty: 2 }],
  });
  notes.debit = await seller.created("createDebitNote", {
    invoice_id: invoices.intra?.id,
    reason: "price_revision",
    items: [{ sku: "PEN", taxable_value: 50 }],
  });
}, 60_000);
afterAll(() => api.close());

describe.skipIf(!popplerAvailable)(
  "the PDF read back: Rule 46 particulars of documents made through the API",
  () => {
    it("an intra-state invoice: CGST and SGST, the recipient's GSTIN, the IRN, and its QR symbol", async () => {
      const invoice = invoices.intra as Record<string, any>;
      const res = await pdfOf("retrieveInvoicePdf", invoice.id);
      const text = await textOf(res.bytes);
      expectPhrases(text, [
        ...SUPPLIER,
        ...totals(invoice),
        ...einvoiceParticulars(invoice),
        "TAX INVOICE",
        "ORIGINAL FOR RECIPIENT",
        `Invoice No. ${invoice.number}`,
        "Place of supply Karnataka (29)",
        "Supply Intra-state (CGST + SGST)",
        "Reverse charge No",
        "Bill to (recipient) Shree Ganesh Traders",
        `GSTIN: ${GSTINS.karnatakaOther}`,
        "1 Ballpoint pen 96081019 23 NOS 100.25 0.00 2,305.75 9% 207.52 9% 207.52 2,720.79",
        `CGST ${formatMoney(invoice.cgst)}`,
        `SGST ${formatMoney(invoice.sgst)}`,
        `Total ${formatMoney(invoice.total)}`,
        "Page 1 of 1",
      ]);
      expect(text).not.toContain("IGST");
      expect(await qrOf(res.bytes)).toBe(invoice.signed_qr_code);
      const name = `${invoice.number.replace(/[^A-Za-z0-9-]/g, "-")}-original.pdf`;
      expect(res.headers.get("content-disposition")).toBe(`inline; filename="${name}"`);
    });

    it("an inter-state invoice: IGST, Indian grouping of lakhs, the QR symbol", async () => {
      const invoice = invoices.inter as Record<string, any>;
      // 1,234 × 100.25 = 1,23,708.50; IGST 18% = 22,267.53.
      expect(invoice.taxable_value).toBe(123708.5);
      const res = await pdfOf("retrieveInvoicePdf", invoice.id);
      const text = await textOf(res.bytes);
      expectPhrases(text, [
        ...SUPPLIER,
        ...totals(invoice),
        ...einvoiceParticulars(invoice),
        "Place of supply Maharashtra (27)",
        "Supply Inter-state (IGST)",
        "Bill to (recipient) Sharma Electronics Shop 14, Lamington Road",
        `GSTIN: ${GSTINS.maharashtra}`,
        "Taxable value ₹1,23,708.50",
        "Amount in words Indian Rupees One Lakh Forty-Five Thousand Nine Hundred Seventy-Six Only",
        `IGST ${formatMoney(invoice.igst)}`,
        `Total ${formatMoney(invoice.total)}`,
      ]);
      expect(text).not.toContain("CGST");
      expect(await qrOf(res.bytes)).toBe(invoice.signed_qr_code);
    });

    it("a reverse-charge invoice: says so, and leaves the tax out of the total", async () => {
      const invoice = invoices.reverseCharge as Record<string, any>;
      expect(invoice.reverse_charge).toBe(true);
      const res = await pdfOf("retrieveInvoicePdf", invoice.id);
      const text = await textOf(res.bytes);
      expectPhrases(text, [
        ...SUPPLIER,
        ...totals(invoice),
        "Reverse charge Yes",
        "TAX IS PAYABLE ON REVERSE CHARGE BY THE RECIPIENT",
        "Tax is payable on reverse charge: Yes.",
        `Total (without the GST under reverse charge) ${formatMoney(invoice.total)}`,
      ]);
      expect(await qrOf(res.bytes)).toBe(invoice.signed_qr_code);
    });

    it("an export under LUT: the endorsement, the country, IGST at nothing", async () => {
      const invoice = invoices.export as Record<string, any>;
      const res = await pdfOf("retrieveInvoicePdf", invoice.id);
      const text = await textOf(res.bytes);
      expectPhrases(text, [
        ...SUPPLIER,
        ...totals(invoice),
        ...einvoiceParticulars(invoice),
        "SUPPLY MEANT FOR EXPORT UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX",
        "Place of supply Other Countries (96)",
        "Country of destination United States (US)",
        "Bill to (recipient) Hudson Retail Inc. 350 Fifth Avenue New York 10118 United States (US)",
        "IGST ₹0.00",
        `Total ${formatMoney(invoice.total)}`,
      ]);
      expect(await qrOf(res.bytes)).toBe(invoice.signed_qr_code);
    });

    it("an invoice to an unregistered buyer: address and state instead of a GSTIN, no e-invoice", async () => {
      const invoice = invoices.unregistered as Record<string, any>;
      expect(invoice.irn).toBeNull();
      const res = await pdfOf("retrieveInvoicePdf", invoice.id);
      const text = await textOf(res.bytes);
      expectPhrases(text, [
        ...SUPPLIER,
        ...totals(invoice),
        "Bill to (recipient) Meera Rao 221 Kalidasa Road Mysuru - 570002 GSTIN: Unregistered State: Karnataka (29)",
        "Place of supply Karnataka (29)",
        `Total ${formatMoney(invoice.total)}`,
      ]);
      expect(text).not.toContain("IRN");
      expect(await qrOf(res.bytes)).toBeNull();
    });

    it("a credit note: the invoice it credits and its recipient, the reason, the IRN and QR symbol", async () => {
      const note = notes.credit as Record<string, any>;
      const invoice = invoices.inter as Record<string, any>;
      const res = await pdfOf("retrieveCreditNotePdf", note.id);
      const text = await textOf(res.bytes);
      expectPhrases(text, [
        ...SUPPLIER,
        ...totals(note),
        ...einvoiceParticulars(note),
        "CREDIT NOTE",
        `Credit note No. ${note.number}`,
        `Against invoice ${invoice.number}`,
        "Reason Sales return",
        "Bill to (recipient) Sharma Electronics",
        `GSTIN: ${GSTINS.maharashtra}`,
        "1 Ballpoint pen 96081019 2 NOS 100.25 0.00 200.50 18% 36.09 236.59",
        `Total credited ${formatMoney(note.total)}`,
      ]);
      expect(await qrOf(res.bytes)).toBe(note.signed_qr_code);
      expect(res.headers.get("content-disposition")).toContain("-original.pdf");
    });

    it("a debit note: the invoice it debits, the reason and the value added", async () => {
      const note = notes.debit as Record<string, any>;
      const invoice = invoices.intra as Record<string, any>;
      const res = await pdfOf("retrieveDebitNotePdf", note.id);
      const text = await textOf(res.bytes);
      expectPhrases(text, [
        ...SUPPLIER,
        ...totals(note),
        "DEBIT NOTE",
        `Debit note No. ${note.number}`,
        `Against invoice ${invoice.number}`,
        "Bill to (recipient) Shree Ganesh Traders",
      ]);
      expect(await qrOf(res.bytes)).toBe(note.signed_qr_code);
    });

    it("copies: duplicate for the transporter, triplicate for the supplier, each its own file and ETag", async () => {
      const invoice = invoices.inter as Record<string, any>;
      const original = await pdfOf("retrieveInvoicePdf", invoice.id);
      const explicit = await pdfOf("retrieveInvoicePdf", invoice.id, { copy: "original" });
      const duplicate = await pdfOf("retrieveInvoicePdf", invoice.id, { copy: "duplicate" });
      const triplicate = await pdfOf("retrieveInvoicePdf", invoice.id, { copy: "triplicate" });
      expect(Buffer.from(explicit.bytes).equals(Buffer.from(original.bytes))).toBe(true);
      expect(await textOf(duplicate.bytes)).toContain("DUPLICATE FOR TRANSPORTER");
      expect(await textOf(triplicate.bytes)).toContain("TRIPLICATE FOR SUPPLIER");
      expect(await textOf(triplicate.bytes)).not.toContain("ORIGINAL FOR RECIPIENT");
      expect(duplicate.headers.get("content-disposition")).toMatch(/-duplicate\.pdf"$/);
      expect(triplicate.headers.get("content-disposition")).toMatch(/-triplicate\.pdf"$/);
      const tags = new Set([original, duplicate, triplicate].map((res) => res.headers.get("etag")));
      expect(tags.size).toBe(3);
      const noteCopy = await pdfOf("retrieveCreditNotePdf", notes.credit?.id, { copy: "duplicate" });
      expect(await textOf(noteCopy.bytes)).toContain("DUPLICATE FOR TRANSPORTER");
    });

    it("an invoice of 1,000 lines, the most one may have: every line, pages numbered x of y", {
      timeout: 120_000,
    }, async () => {
      const party = await seller.party({
        name: "Bulk Buyer",
        gstin: GSTINS.delhi,
        address: {
          line1: "7 Chandni Chowk",
          city: "Delhi",
          state_code: "07",
          pin: "110006",
        },
      });
      const items = Array.from({ length: 1000 }, (_, i) => ({
        sku: "PEN",
        qty: 1 + (i % 7),
        rate: 100.25,
        description: `Ballpoint pen, lot ${i + 1}`,
      }));
      const created = await seller.call("createInvoice", { body: { party_id: party, items } });
      expect(created.status, created.text.slice(0, 300)).toBe(201);
      const res = await pdfOf("retrieveInvoicePdf", created.body.id);
      const pages = (await pdfText(res.bytes)).split("\f").filter((page) => page.trim() !== "");
      expect(pages.length).toBeGreaterThan(10);
      pages.forEach((page, i) => {
        expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
        // The table's header repeats on every page that has lines.
        if (i < pages.length - 1) expect(page).toContain("HSN/SAC");
      });
      const text = await textOf(res.bytes);
      for (const line of [1, 500, 1000])
        expect(text).toContain(`${line} Ballpoint pen, lot ${line} 96081019`);
      expect(text).toContain(`Total ${formatMoney(created.body.total)}`);
    });

    it("a cancelled invoice is marked so, under a new ETag", async () => {
      const invoice = await seller.issued(
        await seller.party({
          name: "Kaveri Stores",
          address: { line1: "3 Sayyaji Rao Road", city: "Mysuru", state_code: "29", pin: "570001" },
        }),
        1,
      );
      const before = await pdfOf("retrieveInvoicePdf", invoice.id);
      const cancelled = await seller.call("cancelInvoice", {
        path: { id: invoice.id },
        body: { reason: "2", remark: "Wrong quantity entered" },
      });
      expect(cancelled.status, cancelled.text).toBe(200);
      const after = await pdfOf("retrieveInvoicePdf", invoice.id);
      expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
      expect(await textOf(after.bytes)).toContain("CANCELLED");
      const stale = await seller.call("retrieveInvoicePdf", {
        path: { id: invoice.id },
        headers: { "if-none-match": before.headers.get("etag") as string },
      });
      expect(stale.status).toBe(200);
    });
  },
);

describe("the ETag and If-None-Match", () => {
  it("is a hash of the bytes: the same PDF, the same tag; a request holding it is answered 304", async () => {
    const id = invoices.intra?.id as string;
    const first = await pdfOf("retrieveInvoicePdf", id);
    const second = await pdfOf("retrieveInvoicePdf", id);
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(second.headers.get("etag")).toBe(etag);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    for (const ifNoneMatch of [etag, `W/${etag}`, `"0000", ${etag}`, "*"]) {
      const res = await seller.call("retrieveInvoicePdf", {
        path: { id },
        headers: { "if-none-match": ifNoneMatch },
      });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.bytes.length).toBe(0);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    }
    const other = await seller.call("retrieveInvoicePdf", {
      path: { id },
      headers: { "if-none-match": '"0123456789abcdef0123456789abcdef"' },
    });
    expect(other.status).toBe(200);
  });

  it("the notes' PDFs answer 304 the same way", async () => {
    for (const [operationId, id] of [
      ["retrieveCreditNotePdf", notes.credit?.id],
      ["retrieveDebitNotePdf", notes.debit?.id],
    ] as const) {
      const first = await pdfOf(operationId, id);
      const res = await seller.call(operationId, {
        path: { id },
        headers: { "if-none-match": first.headers.get("etag") as string },
      });
      expect(res.status, operationId).toBe(304);
    }
  });
});

describe("errors", () => {
  const operations = [
    ["retrieveInvoicePdf", () => invoices.intra?.id],
    ["retrieveCreditNotePdf", () => notes.credit?.id],
    ["retrieveDebitNotePdf", () => notes.debit?.id],
  ] as const;

  it.each(operations)("%s: 400 for a copy that is not one of the three", async (operationId, id) => {
    const res = await seller.call(operationId, { path: { id: id() }, query: { copy: "quadruplicate" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["/query/copy"]);
  });

  it.each(operations)("%s: 401 without a key, or with one that does not exist", async (operationId, id) => {
    expect((await api.call(operationId, { path: { id: id() } })).status).toBe(401);
    const res = await api.call(operationId, { path: { id: id() }, key: "sk_test_doesnotexist000000000000" });
    expect(res.status).toBe(401);
  });

  it.each(operations)("%s: 403 for a key without the document's read scope", async (operationId, id) => {
    const key = await keyWithScopes(api.database.handle.db, seller.tenant.accountId, ["parties:read"]);
    const res = await api.call(operationId, { path: { id: id() }, key });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("insufficient_scope");
  });

  it.each(operations)(
    "%s: 404 for an unknown id, another account's or the other mode's",
    async (operationId, id) => {
      const unknown = await seller.call(operationId, {
        path: { id: `${id().slice(0, 4)}zzzzzzzzzzzzzzzzzzzzzzzzzz` },
      });
      expect(unknown.status).toBe(404);
      const other = await createTenant(api.database.handle.db, { gstin: GSTINS.delhi });
      expect((await api.call(operationId, { path: { id: id() }, key: other.testKey })).status).toBe(404);
      expect((await api.call(operationId, { path: { id: id() }, key: seller.tenant.liveKey })).status).toBe(
        404,
      );
    },
  );

  it("429 once the account's requests per minute are spent", async () => {
    const limited = await startTestApi({ rateLimits: { perMinute: 2, perSecond: 100 } });
    try {
      const tenant = await createTenant(limited.database.handle.db);
      const id = "inv_zzzzzzzzzzzzzzzzzzzzzzzzzz";
      for (let i = 0; i < 2; i++) {
        expect((await limited.call("retrieveInvoicePdf", { path: { id }, key: tenant.testKey })).status).toBe(
          404,
        );
      }
      const res = await limited.call("retrieveInvoicePdf", { path: { id }, key: tenant.testKey });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
