import type { components } from "@bahi/contract";
import type { EInvoice } from "../einvoice/provider.js";
import type { Handlers } from "../http/operation-types.js";
import {
  cancelInvoice,
  createInvoice,
  findInvoiceEinvoice,
  listInvoices,
} from "../services/invoices/invoices.js";
import { recordShippingBill } from "../services/invoices/shipping-bills.js";
import { DEFAULT_PAGE_SIZE } from "../services/shared/pagination.js";
import { findInvoiceJson } from "../speed/invoice-json.js";
import { JsonText } from "../values/json-text.js";
import { ApiError } from "../values/problem.js";

export const invoiceHandlers: Handlers = {
  createInvoice: async ({ body }, { principal, db, services, now, idempotency }) => ({
    status: 201,
    body: await createInvoice(
      db,
      principal,
      body,
      now,
      services,
      idempotency ? { record: idempotency, status: 201 } : null,
    ),
  }),
  listInvoices: async ({ query }, { principal, db, services, now }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["InvoiceList"]>(
      await listInvoices(
        db,
        services.issuedInvoices,
        principal,
        {
          limit: query.limit ?? DEFAULT_PAGE_SIZE,
          startingAfter: query.starting_after,
          status: query.status,
          partyId: query.party_id,
          dateFrom: query.date_from,
          dateTo: query.date_to,
          number: query.number,
          overdue: query.overdue,
        },
        now,
      ),
    ),
  }),
  retrieveInvoice: async ({ path }, { principal, db, services }) => ({
    status: 200,
    body: new JsonText<components["schemas"]["Invoice"]>(
      await findInvoiceJson(db, services.issuedInvoices, principal, path.id),
    ),
  }),
  cancelInvoice: async ({ path, body }, { principal, db, services, now }) => ({
    status: 200,
    body: await cancelInvoice(db, principal, path.id, body, now, services.irp),
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
  retrieveEinvoiceJwks: async (_input, { services }) => ({ status: 200, body: services.irp.jwks() }),
};
