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
import { awaitingIrn } from "./einvoice-wait.js";

export const invoiceHandlers: Handlers = {
  createInvoice: async ({ body }, ctx) => {
    const { principal, write, services, now } = ctx;
    if (!write) throw new Error("createInvoice is a write");
    const created = await createInvoice(write, principal, body, now, {
      ...services,
      selections: services.einvoice.selections,
    });
    if (!created.pending) return { status: 201, body: created.invoice };
    return awaitingIrn(ctx, "invoice", created.id, created.invoice, {
      status: 201,
      fresh: true,
      read: readInvoice,
    });
  },
  retryInvoiceEinvoice: async ({ path }, ctx) => {
    const pending = await retryRegistration(ctx.db, ctx.principal, "invoice", path.id);
    const invoice = await readInvoice(ctx.db, ctx.principal, path.id);
    if (!pending) return { status: 200, body: invoice };
    return awaitingIrn(ctx, "invoice", path.id, invoice, { status: 200, fresh: false, read: readInvoice });
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
