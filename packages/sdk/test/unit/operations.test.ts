import { HttpResponse, http as untyped } from "msw";
import { describe, expect, it } from "vitest";
import type { Bahi, OperationId } from "../../src/index.js";
import {
  BASE_URL,
  fixtures,
  newBahi,
  operationOf,
  server,
  specOperations,
  useMockApi,
} from "../support/mock-api.js";

useMockApi();

const id = "x_01";

/**
 * One SDK call per operation of the spec. The `Record` over `OperationId` makes a missing operation a
 * compile error; the test below checks at run time that each call reaches that operation.
 */
const calls: Record<OperationId, (bahi: Bahi) => Promise<unknown>> = {
  retrieveAccount: (b) => b.account.retrieve(),
  updateAccount: (b) => b.account.update(fixtures.AccountUpdate),
  retrieveEinvoiceSettings: (b) => b.account.retrieveEinvoiceSettings(),
  updateEinvoiceSettings: (b) => b.account.updateEinvoiceSettings(fixtures.EInvoiceSettingsUpdate),
  createApiKey: (b) => b.apiKeys.create(fixtures.ApiKeyCreate),
  listApiKeys: (b) => b.apiKeys.list().page,
  revokeApiKey: (b) => b.apiKeys.revoke(id),
  rotateApiKey: (b) => b.apiKeys.rotate(id, fixtures.ApiKeyRotate),
  createParty: (b) => b.parties.create(fixtures.PartyCreate),
  listParties: (b) => b.parties.list({ type: "customer" }).page,
  retrieveParty: (b) => b.parties.retrieve(id),
  updateParty: (b) => b.parties.update(id, fixtures.PartyUpdate),
  createProduct: (b) => b.products.create(fixtures.ProductCreate),
  listProducts: (b) => b.products.list().page,
  retrieveProduct: (b) => b.products.retrieve(id),
  updateProduct: (b) => b.products.update(id, fixtures.ProductUpdate),
  createStockAdjustment: (b) => b.products.createStockAdjustment(id, fixtures.StockAdjustmentCreate),
  listStockMovements: (b) => b.products.listStockMovements(id).page,
  listProductRateHistory: (b) => b.products.listRateHistory(id).page,
  createProductImport: (b) => b.products.imports.create(fixtures.ProductImportCsv),
  retrieveProductImport: (b) => b.products.imports.retrieve(id),
  retrieveProductImportErrors: (b) => b.products.imports.retrieveErrors(id),
  createWebhook: (b) => b.webhooks.create(fixtures.WebhookCreate),
  listWebhooks: (b) => b.webhooks.list().page,
  retrieveWebhook: (b) => b.webhooks.retrieve(id),
  updateWebhook: (b) => b.webhooks.update(id, fixtures.WebhookUpdate),
  deleteWebhook: (b) => b.webhooks.del(id),
  rotateWebhookSecret: (b) => b.webhooks.rotateSecret(id, fixtures.WebhookRotateSecret),
  listWebhookDeliveries: (b) => b.webhooks.listDeliveries(id).page,
  resendWebhookDelivery: (b) => b.webhooks.resendDelivery(id, id),
  listAuditEntries: (b) => b.auditEntries.list({ action: "api_key.created" }).page,
  listEvents: (b) => b.events.list().page,
  retrieveEvent: (b) => b.events.retrieve(id),
  createInvoice: (b) => b.invoices.create(fixtures.InvoiceCreate),
  listInvoices: (b) => b.invoices.list({ status: "issued", limit: 50 }).page,
  retrieveInvoice: (b) => b.invoices.retrieve(id),
  cancelInvoice: (b) => b.invoices.cancel(id, fixtures.InvoiceCancel),
  recordInvoiceShippingBill: (b) => b.invoices.recordShippingBill(id, fixtures.ShippingBill),
  retrieveInvoiceEinvoice: (b) => b.invoices.einvoice.retrieve(id),
  retrieveInvoicePdf: (b) => b.invoices.pdf(id, { copy: "duplicate" }),
  retrieveEinvoiceJwks: (b) => b.invoices.einvoice.jwks(),
  retryInvoiceEinvoice: (b) => b.invoices.einvoice.retry(id),
  createPayment: (b) => b.payments.create(fixtures.PaymentCreate),
  listPayments: (b) => b.payments.list().page,
  retrievePayment: (b) => b.payments.retrieve(id),
  allocatePayment: (b) => b.payments.allocate(id, fixtures.PaymentAllocate),
  createCreditNote: (b) => b.creditNotes.create(fixtures.CreditNoteCreate),
  listCreditNotes: (b) => b.creditNotes.list().page,
  retrieveCreditNote: (b) => b.creditNotes.retrieve(id),
  retrieveCreditNoteEinvoice: (b) => b.creditNotes.retrieveEinvoice(id),
  retryCreditNoteEinvoice: (b) => b.creditNotes.retryEinvoice(id),
  retrieveCreditNotePdf: (b) => b.creditNotes.pdf(id),
  createDebitNote: (b) => b.debitNotes.create(fixtures.DebitNoteCreate),
  listDebitNotes: (b) => b.debitNotes.list().page,
  retrieveDebitNote: (b) => b.debitNotes.retrieve(id),
  retrieveDebitNoteEinvoice: (b) => b.debitNotes.retrieveEinvoice(id),
  retryDebitNoteEinvoice: (b) => b.debitNotes.retryEinvoice(id),
  retrieveDebitNotePdf: (b) => b.debitNotes.pdf(id),
  retrieveGstr1: (b) => b.gstr1.retrieve("112026"),
};

describe("every operation of the spec", () => {
  it("has an SDK method, which sends that operation and returns its example answer", async () => {
    expect(Object.keys(calls).sort()).toEqual(specOperations.map((op) => op.operationId).sort());
    const reached: string[] = [];
    server.use(
      untyped.all(`${BASE_URL}/*`, ({ request }) => {
        const op = operationOf(request);
        if (!op) return HttpResponse.json({ code: "route_not_found" }, { status: 404 });
        reached.push(op.operationId);
        const body = op.example === undefined ? {} : fixtures[op.example];
        return typeof body === "string"
          ? new HttpResponse(body, { status: op.successStatus, headers: { "content-type": "text/csv" } })
          : HttpResponse.json(body, { status: op.successStatus });
      }),
    );
    const validated: string[] = [];
    const bahi = newBahi({
      validateRequest: (operationId) => {
        validated.push(operationId);
        return [];
      },
    });
    for (const op of specOperations) {
      reached.length = 0;
      validated.length = 0;
      const answer = await calls[op.operationId](bahi);
      expect(reached, op.operationId).toEqual([op.operationId]);
      if (op.example !== undefined) expect(answer, op.operationId).toEqual(fixtures[op.example]);
      // The operationId each method names (for the validator) is the one it sends.
      expect(
        validated.every((v) => v === op.operationId),
        op.operationId,
      ).toBe(true);
    }
  });
});
