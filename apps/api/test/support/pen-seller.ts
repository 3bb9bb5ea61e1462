import { expect } from "vitest";
import type { CallResult, TestApi } from "./api.js";
import { createTenant, GSTINS } from "./tenants.js";

/**
 * A business in Karnataka with a key of its own and one product, a pen at 18% (`PEN`, stock not
 * tracked), a way to add its customers, to invoice them pens at 100.25 each, and to read an e-invoice.
 */
export async function penSeller(api: TestApi) {
  const tenant = await createTenant(api.database.handle.db, { gstin: GSTINS.karnataka });
  const call = (operationId: string, options: Parameters<TestApi["call"]>[1] = {}) =>
    api.call(operationId, { key: tenant.testKey, ...options });
  /** The answer of a create that must succeed (201). */
  const created = async (operationId: string, body: object) => {
    const res = await call(operationId, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  await created("createProduct", {
    sku: "PEN",
    name: "Ballpoint pen",
    price: 100,
    gst_rate: 18,
    hsn_code: "96081019",
    unit: "NOS",
    track_stock: false,
  });
  const party = async (body: object) =>
    (await created("createParty", { type: "customer", ...body })).id as string;
  const sale = (party_id: string, qty: number, extra: object) => ({
    party_id,
    items: [{ sku: "PEN", qty, rate: 100.25 }],
    ...extra,
  });
  const invoice = (party_id: string, qty: number, extra: object = {}): Promise<CallResult> =>
    call("createInvoice", { body: sale(party_id, qty, extra) });
  const issued = (party_id: string, qty: number, extra: object = {}) =>
    created("createInvoice", sale(party_id, qty, extra));
  const einvoiceOf = async (id: string) => {
    const res = await call("retrieveInvoiceEinvoice", { path: { id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  return { tenant, call, created, party, invoice, issued, einvoiceOf };
}

/** The INV-01 a document was registered with, as its signed copy carries it. */
export function signedDocument(document: Record<string, any>) {
  const [, payload] = document.signed_invoice.split(".");
  return JSON.parse(JSON.parse(Buffer.from(payload as string, "base64url").toString()).data);
}
