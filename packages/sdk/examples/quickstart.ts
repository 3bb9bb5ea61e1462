// The README's quick start. Type-checked in CI against the SDK's sources.
import { Bahi } from "@bahi/sdk";

const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY, baseUrl: "http://localhost:8080" });

const account = await bahi.account.retrieve();
console.log(account.legal_name, account.gstin);

const party = await bahi.parties.create({
  type: "customer",
  name: "Sharma Electronics",
  gstin: "27AAPFU0939F1ZV",
  // The e-invoice needs a registered buyer's address.
  address: { line1: "Shop 14, Lamington Road", city: "Mumbai", state_code: "27", pin: "400007" },
});
// A new account has no products: an invoice line names one by its SKU.
const pen = await bahi.products.create({
  sku: "PEN-01",
  name: "Ballpoint pen, blue",
  price: 99.99,
  gst_rate: 18,
  hsn_code: "96081019",
  unit: "NOS",
  opening_stock: 500,
});
const invoice = await bahi.invoices.create({
  party_id: party.id,
  items: [{ sku: pen.sku, qty: 3, rate: 99.99 }],
});
console.log(invoice.number, invoice.total, invoice.balance_due);

// Every issued invoice, 50 a page, each page fetched when the loop reaches it.
for await (const issued of bahi.invoices.list({ status: "issued", limit: 50 })) {
  console.log(issued.number, issued.balance_due);
}

// Just the first page, with has_more and next_cursor.
const page = await bahi.invoices.list({ party_id: party.id }).page;
console.log(page.data.length, page.has_more);
