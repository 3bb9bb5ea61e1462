// Generated from the x-codeSamples of packages/contract/generated/openapi.json by
// packages/sdk/scripts/code-samples.mjs. Do not edit: change the sample in spec/paths/, then run
// `pnpm --filter @bahi/sdk generate`. Type-checked by `tsc -p tsconfig.test.json`; never run.
import { Bahi } from "@bahi/sdk";
import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";

/** GET /v1/account */
export async function retrieveAccount(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const account = await bahi.account.retrieve();
  console.log(account.legal_name, account.gstin);
}

/** PATCH /v1/account */
export async function updateAccount(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const account = await bahi.account.update({ trade_name: "Acme" });
  console.log(account.trade_name);
}

/** GET /v1/account/einvoice_settings */
export async function retrieveEinvoiceSettings(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const settings = await bahi.account.retrieveEinvoiceSettings();
  console.log(settings.provider, settings.base_url, settings.credentials_set);
}

/** POST /v1/account/einvoice_settings */
export async function updateEinvoiceSettings(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const settings = await bahi.account.updateEinvoiceSettings({
    provider: "nic",
    base_url: "https://einv-apisandbox.nic.in",
    client_id: process.env.IRP_CLIENT_ID,
    client_secret: process.env.IRP_CLIENT_SECRET,
    user_name: process.env.IRP_USER_NAME,
    password: process.env.IRP_PASSWORD,
    public_key: readFileSync("einv_sandbox.pem", "utf8"),
  });
  console.log(settings.credentials_set); // true
}

/** GET /v1/api_keys */
export async function listApiKeys(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  for await (const key of bahi.apiKeys.list()) {
    console.log(key.id, key.name, key.scopes);
  }
}

/** POST /v1/api_keys */
export async function createApiKey(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const key = await bahi.apiKeys.create({
    name: "Billing backend",
    scopes: ["invoices:read", "invoices:write"],
  });
  console.log(key.secret); // shown once: store it now
}

/** POST /v1/api_keys/{id}/revoke */
export async function revokeApiKey(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const key = await bahi.apiKeys.revoke("key_01jd4m3a9b8c7d6e5f4g3h2j1k");
  console.log(key.revoked_at);
}

/** POST /v1/api_keys/{id}/rotate */
export async function rotateApiKey(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const key = await bahi.apiKeys.rotate("key_01jd4m3a9b8c7d6e5f4g3h2j1k", { old_key_expires_in: 86400 });
  console.log(key.secret); // the new key, shown once
}

/** GET /v1/parties */
export async function listParties(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  for await (const party of bahi.parties.list({ type: "customer", q: "sharma" })) {
    console.log(party.id, party.name, party.gstin);
  }
}

/** POST /v1/parties */
export async function createParty(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const party = await bahi.parties.create({
    type: "customer",
    name: "Sharma Electronics",
    gstin: "27AAPFU0939F1ZV",
    email: "accounts@sharma-electronics.example.in",
  });
  console.log(party.id, party.state_code);
}

/** GET /v1/parties/{id} */
export async function retrieveParty(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const party = await bahi.parties.retrieve("pty_01jd4n0q8r7s6t5v4w3x2y1z0a");
  console.log(party.name, party.state_code);
}

/** PATCH /v1/parties/{id} */
export async function updateParty(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const party = await bahi.parties.update("pty_01jd4n0q8r7s6t5v4w3x2y1z0a", { phone: "+91 22 2387 5678" });
  console.log(party.phone);
}

/** GET /v1/products */
export async function listProducts(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  for await (const product of bahi.products.list({ low_stock: true })) {
    console.log(product.sku, product.stock_on_hand);
  }
}

/** POST /v1/products */
export async function createProduct(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const product = await bahi.products.create({
    sku: "PEN-01",
    name: "Ballpoint pen, blue",
    price: 99.99,
    gst_rate: 18,
    hsn_code: "96081019",
    unit: "NOS",
    opening_stock: 500,
  });
  console.log(product.id, product.stock_on_hand);
}

/** POST /v1/products/imports */
export async function createProductImport(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });

  const job = await bahi.products.imports.create(await readFile("catalogue.csv"), {
    filename: "catalogue.csv",
  });
  console.log(job.id, job.status); // queued: poll it with retrieve
}

/** GET /v1/products/imports/{id} */
export async function retrieveProductImport(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const job = await bahi.products.imports.retrieve("imp_01jd5g7h9j1k3m5n7p9q1r3s5t");
  console.log(job.status, job.counts);
}

/** GET /v1/products/imports/{id}/errors.csv */
export async function retrieveProductImportErrors(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const csv = await bahi.products.imports.retrieveErrors("imp_01jd5g7h9j1k3m5n7p9q1r3s5t");
  console.log(csv);
}

/** GET /v1/products/{id} */
export async function retrieveProduct(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const product = await bahi.products.retrieve("prd_01jd4p1a2b3c4d5e6f7g8h9j0k");
  console.log(product.sku, product.price, product.stock_on_hand);
}

/** PATCH /v1/products/{id} */
export async function updateProduct(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const product = await bahi.products.update("prd_01jd4p1a2b3c4d5e6f7g8h9j0k", { price: 109.5 });
  console.log(product.price);
}

/** POST /v1/products/{id}/stock_adjustments */
export async function createStockAdjustment(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const movement = await bahi.products.createStockAdjustment("prd_01jd4p1a2b3c4d5e6f7g8h9j0k", {
    quantity: -3,
    reason: "damage",
    note: "Box dropped in the warehouse",
  });
  console.log(movement.stock_after);
}

/** GET /v1/products/{id}/stock_movements */
export async function listStockMovements(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const movements = bahi.products.listStockMovements("prd_01jd4p1a2b3c4d5e6f7g8h9j0k", { kind: "adjustment" });
  for await (const movement of movements) {
    console.log(movement.created_at, movement.quantity, movement.stock_after);
  }
}

/** GET /v1/products/{id}/rate_history */
export async function listProductRateHistory(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const periods = bahi.products.listRateHistory("prd_01jd4p3c4d5e6f7g8h9j0k1m2n");
  for await (const period of periods) {
    console.log(period.valid_from, period.valid_until, period.gst_rate, period.cess_rate);
  }
}

/** GET /v1/webhooks */
export async function listWebhooks(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  for await (const webhook of bahi.webhooks.list()) {
    console.log(webhook.id, webhook.url, webhook.status);
  }
}

/** POST /v1/webhooks */
export async function createWebhook(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const webhook = await bahi.webhooks.create({
    url: "https://erp.acme-traders.example.in/hooks/bahi",
    events: ["invoice.created", "invoice.paid", "payment.created"],
  });
  console.log(webhook.id, webhook.secret); // the signing secret, shown once
}

/** GET /v1/webhooks/{id} */
export async function retrieveWebhook(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const webhook = await bahi.webhooks.retrieve("whk_01jd4z8x6v4t2s0r8q6p4n2m0k");
  console.log(webhook.url, webhook.events, webhook.status);
}

/** DELETE /v1/webhooks/{id} */
export async function deleteWebhook(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const deleted = await bahi.webhooks.del("whk_01jd4z8x6v4t2s0r8q6p4n2m0k");
  console.log(deleted.deleted);
}

/** PATCH /v1/webhooks/{id} */
export async function updateWebhook(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const webhook = await bahi.webhooks.update("whk_01jd4z8x6v4t2s0r8q6p4n2m0k", { enabled: false });
  console.log(webhook.status);
}

/** GET /v1/audit_entries */
export async function listAuditEntries(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  for await (const entry of bahi.auditEntries.list({ action: "api_key.created" })) {
    console.log(entry.created_at, entry.actor.email ?? entry.actor.id, entry.target_id);
  }
}

/** POST /v1/webhooks/{id}/rotate_secret */
export async function rotateWebhookSecret(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const webhook = await bahi.webhooks.rotateSecret("whk_01jd4z8x6v4t2s0r8q6p4n2m0k", { overlap_seconds: 86400 });
  console.log(webhook.secret); // the new secret, shown once
}

/** GET /v1/webhooks/{id}/deliveries */
export async function listWebhookDeliveries(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const deliveries = bahi.webhooks.listDeliveries("whk_01jd4z8x6v4t2s0r8q6p4n2m0k", { status: "failed" });
  for await (const delivery of deliveries) {
    console.log(delivery.event_id, delivery.attempt, delivery.response_status, delivery.error);
  }
}

/** POST /v1/webhooks/{id}/deliveries/{delivery_id}/resend */
export async function resendWebhookDelivery(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const attempt = await bahi.webhooks.resendDelivery("whk_01jd4z8x6v4t2s0r8q6p4n2m0k", "dlv_01jd5a0m2n4p6q8r0s2t4v6w8x");
  console.log(attempt.id, attempt.attempt, attempt.status); // pending, due at once
}

/** GET /v1/events */
export async function listEvents(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  for await (const event of bahi.events.list({ type: "invoice.created" })) {
    console.log(event.id, event.type, event.created_at);
  }
}

/** GET /v1/events/{id} */
export async function retrieveEvent(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const event = await bahi.events.retrieve("evt_01jd5a0k3m7q2r8s4t6v9w1x3z");
  console.log(event.type, event.data.object);
}

/** GET /v1/invoices */
export async function listInvoices(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const invoices = bahi.invoices.list({ status: "issued", date_from: "2026-11-01", date_to: "2026-11-30" });
  for await (const invoice of invoices) {
    console.log(invoice.number, invoice.balance_due);
  }
}

/** POST /v1/invoices */
export async function createInvoice(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const invoice = await bahi.invoices.create({
    party_id: "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    due_date: "2026-12-23",
    items: [
      { sku: "PEN-01", qty: 23, rate: 99.99 },
      { sku: "SVC-INSTALL", qty: 1, rate: 1500, discount: 100 },
    ],
  });
  console.log(invoice.number, invoice.total, invoice.irn);
}

/** GET /v1/invoices/{id} */
export async function retrieveInvoice(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const invoice = await bahi.invoices.retrieve("inv_01jd4r5t6v7w8x9y0z1a2b3c4d");
  console.log(invoice.number, invoice.status, invoice.irn);
}

/** POST /v1/invoices/{id}/cancel */
export async function cancelInvoice(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const invoice = await bahi.invoices.cancel("inv_01jd4r5t6v7w8x9y0z1a2b3c4d", {
    reason: "2",
    remark: "Wrong quantity entered",
  });
  console.log(invoice.status); // cancelled
}

/** POST /v1/invoices/{id}/shipping_bill */
export async function recordInvoiceShippingBill(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const invoice = await bahi.invoices.recordShippingBill("inv_01jd4r5t6v7w8x9y0z1a2b3c4d", {
    port_code: "INNSA1",
    number: "4512863",
    date: "2026-11-24",
  });
  console.log(invoice.shipping_bill);
}

/** GET /v1/invoices/{id}/einvoice */
export async function retrieveInvoiceEinvoice(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const einvoice = await bahi.invoices.einvoice.retrieve("inv_01jd4r5t6v7w8x9y0z1a2b3c4d");
  console.log(einvoice.DocDtls.No, einvoice.ValDtls.TotInvVal); // the INV-01 JSON
}

/** GET /v1/invoices/{id}/pdf */
export async function retrieveInvoicePdf(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const pdf = await bahi.invoices.pdf("inv_01jd4r5t6v7w8x9y0z1a2b3c4d", { copy: "original" });
  await writeFile("invoice.pdf", pdf);
}

/** POST /v1/invoices/{id}/einvoice/retry */
export async function retryInvoiceEinvoice(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const invoice = await bahi.invoices.einvoice.retry("inv_01jd4r5t6v7w8x9y0z1a2b3c4d");
  console.log(invoice.einvoice_status, invoice.irn);
}

/** GET /v1/einvoice/jwks */
export async function retrieveEinvoiceJwks(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const jwks = await bahi.invoices.einvoice.jwks();
  console.log(jwks.keys.map((key) => key.kid));
}

/** GET /v1/payments */
export async function listPayments(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  for await (const payment of bahi.payments.list({ party_id: "pty_01jd4n0q8r7s6t5v4w3x2y1z0a" })) {
    console.log(payment.date, payment.amount, payment.mode);
  }
}

/** POST /v1/payments */
export async function createPayment(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const payment = await bahi.payments.create({
    party_id: "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    amount: 4500,
    mode: "bank_transfer",
    reference: "HDFCN52026112512345",
    allocations: [{ invoice_id: "inv_01jd4r5t6v7w8x9y0z1a2b3c4d", amount: 4366 }],
  });
  console.log(payment.id, payment.unallocated_amount);
}

/** GET /v1/payments/{id} */
export async function retrievePayment(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const payment = await bahi.payments.retrieve("pay_01jd59x8w7v6t5s4r3q2p1n0m9");
  console.log(payment.amount, payment.allocations, payment.unallocated_amount);
}

/** POST /v1/payments/{id}/allocations */
export async function allocatePayment(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const payment = await bahi.payments.allocate("pay_01jd59x8w7v6t5s4r3q2p1n0m9", {
    allocations: [{ invoice_id: "inv_01jd5c2e3f4g5h6j7k8m9n0p1q", amount: 134 }],
  });
  console.log(payment.unallocated_amount);
}

/** GET /v1/credit_notes */
export async function listCreditNotes(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  for await (const creditNote of bahi.creditNotes.list({ invoice_id: "inv_01jd4r5t6v7w8x9y0z1a2b3c4d" })) {
    console.log(creditNote.number, creditNote.total);
  }
}

/** POST /v1/credit_notes */
export async function createCreditNote(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const creditNote = await bahi.creditNotes.create({
    invoice_id: "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
    reason: "sales_return",
    items: [{ sku: "PEN-01", qty: 2 }],
  });
  console.log(creditNote.number, creditNote.total);
}

/** GET /v1/credit_notes/{id} */
export async function retrieveCreditNote(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const creditNote = await bahi.creditNotes.retrieve("crn_01jd5a3b4c5d6e7f8g9h0j1k2m");
  console.log(creditNote.number, creditNote.irn);
}

/** GET /v1/credit_notes/{id}/einvoice */
export async function retrieveCreditNoteEinvoice(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const einvoice = await bahi.creditNotes.retrieveEinvoice("crn_01jd5a3b4c5d6e7f8g9h0j1k2m");
  console.log(einvoice.DocDtls.No, einvoice.ValDtls.TotInvVal); // the INV-01 JSON
}

/** POST /v1/credit_notes/{id}/einvoice/retry */
export async function retryCreditNoteEinvoice(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const note = await bahi.creditNotes.retryEinvoice("crn_01jd5a3b4c5d6e7f8g9h0j1k2m");
  console.log(note.einvoice_status, note.irn);
}

/** GET /v1/credit_notes/{id}/pdf */
export async function retrieveCreditNotePdf(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const pdf = await bahi.creditNotes.pdf("crn_01jd5a3b4c5d6e7f8g9h0j1k2m", { copy: "original" });
  await writeFile("credit_note.pdf", pdf);
}

/** GET /v1/debit_notes */
export async function listDebitNotes(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  for await (const debitNote of bahi.debitNotes.list({ invoice_id: "inv_01jd4r5t6v7w8x9y0z1a2b3c4d" })) {
    console.log(debitNote.number, debitNote.total);
  }
}

/** POST /v1/debit_notes */
export async function createDebitNote(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const debitNote = await bahi.debitNotes.create({
    invoice_id: "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
    reason: "price_revision",
    items: [{ sku: "PEN-01", taxable_value: 50 }],
  });
  console.log(debitNote.number, debitNote.total);
}

/** GET /v1/debit_notes/{id} */
export async function retrieveDebitNote(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const debitNote = await bahi.debitNotes.retrieve("dbn_01jd5c7d8e9f0g1h2j3k4m5n6p");
  console.log(debitNote.number, debitNote.irn);
}

/** GET /v1/debit_notes/{id}/einvoice */
export async function retrieveDebitNoteEinvoice(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const einvoice = await bahi.debitNotes.retrieveEinvoice("dbn_01jd5c7d8e9f0g1h2j3k4m5n6p");
  console.log(einvoice.DocDtls.No, einvoice.ValDtls.TotInvVal); // the INV-01 JSON
}

/** POST /v1/debit_notes/{id}/einvoice/retry */
export async function retryDebitNoteEinvoice(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const note = await bahi.debitNotes.retryEinvoice("dbn_01jd5c7d8e9f0g1h2j3k4m5n6p");
  console.log(note.einvoice_status, note.irn);
}

/** GET /v1/debit_notes/{id}/pdf */
export async function retrieveDebitNotePdf(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const pdf = await bahi.debitNotes.pdf("dbn_01jd5c7d8e9f0g1h2j3k4m5n6p", { copy: "original" });
  await writeFile("debit_note.pdf", pdf);
}

/** GET /v1/gstr1/{period} */
export async function retrieveGstr1(): Promise<void> {
  const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY });
  const summary = await bahi.gstr1.retrieve("112026", { format: "summary" });
  console.log(summary.warnings);

  const file = await bahi.gstr1.retrieve("112026"); // the JSON to upload to the GST portal
  console.log(file.gstin, file.fp);
}
