import type { EInvoice } from "../einvoice/provider.js";
import type { Handlers } from "../http/operation-types.js";
import { pdfAnswer } from "../http/pdf-answer.js";
import { retryRegistration } from "../services/einvoice/retry.js";
import { cancelInvoice } from "../services/invoices/cancel.js";
import { createInvoice } from "../services/invoices/create.js";
import { listInvoices } from "../services/invoices/list.js";
import { invoicePdf } from "../services/invoices/pdf.js";
import { findInvoiceEinvoice, readInvoice, retrieveInvoice } from "../services/invoices/read.js";
import { recordShippingBill } from "../services/invoices/shipping-bills.js";
import { pageQuery } from "../services/shared/pagination.js";
import { JsonText } from "../values/json-text.js";
import { ApiError } from "../values/problem.js";

export const invoiceHandlers: Handlers = {
  createInvoice: async ({ body }, { principal, write, services, now }) => {
    if (!write) throw new Error("createInvoice is a write");
    const created = await createInvoice(write, principal, body, now, {
      ...services,
      selections: services.einvoice.selections,
    });
    if (!created.pending) return { status: 201, body: created.invoice };
    return {
      status: 201,
      body: created.invoice,
      // Committed with its number: the IRN is awaited outside every lock, for a while.
      settled: async () => {
        const { registrar, waitMs } = services.einvoice;
        const tried = await registrar.registerNow(principal, "invoice", created.id, { waitMs, fresh: true });
        return {
          status: 201,
          body: tried ?? (await readInvoice(services.pointReads, principal, created.id)),
        };
      },
    };
  },
  retryInvoiceEinvoice: async ({ path }, { principal, db, services }) => {
    const pending = await retryRegistration(db, principal, "invoice", path.id);
    const invoice = await readInvoice(db, principal, path.id);
    if (!pending) return { status: 200, body: invoice };
    return {
      status: 200,
      body: invoice,
      settled: async () => {
        const { registrar, waitMs } = services.einvoice;
        const tried = await registrar.registerNow(principal, "invoice", path.id, { waitMs, fresh: false });
        return { status: 200, body: tried ?? (await readInvoice(services.pointReads, principal, path.id)) };
      },
    };
  },
  listInvoices: async ({ query }, { principal, db, now }) => ({
    status: 200,
    body: await listInvoices(db, principal, pageQuery(query), now),
  }),
  retrieveInvoice: async ({ path }, { principal, db, services }) => ({
    status: 200,
    body: await retrieveInvoice(db, services.issuedInvoices, principal, path.id),
  }),
  cancelInvoice: async ({ path, body }, { principal, db, services, now }) => ({
    status: 200,
    body: await cancelInvoice(db, principal, path.id, body, now, services.einvoice.selections),
  }),
  recordInvoiceShippingBill: async ({ path, body }, { principal, db, now }) => ({
    status: 200,
    body: await recordShippingBill(db, principal, path.id, body, now),
  }),
  retrieveInvoiceEinvoice: async ({ path }, { principal, db }) => {
    const row = await findInvoiceEinvoice(db, principal, path.id);
    if (row.einvoice === null) {
      throw new ApiError(
        404,
        "einvoice_not_applicable",
        `Invoice ${row.number} is a sale to an unregistered buyer in India: it has no e-invoice.`,
      );
    }
    return { status: 200, body: new JsonText<EInvoice>(row.einvoice) };
  },
  retrieveInvoicePdf: async ({ path, query, headers }, { principal, db, services }) =>
    pdfAnswer(
      await invoicePdf(db, principal, path.id, query.copy ?? "original", services.renderPdf),
      headers["if-none-match"],
    ),
  retrieveEinvoiceJwks: async (_input, { services }) => ({ status: 200, body: services.irp.jwks() }),
};
