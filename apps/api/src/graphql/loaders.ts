import DataLoader from "dataloader";
import type { Executor } from "../db/client.js";
import { productsByIds } from "../services/catalogue/by-ids.js";
import { invoicesByIds } from "../services/invoices/by-ids.js";
import { creditNotesOfInvoices, debitNotesOfInvoices } from "../services/notes/by-invoice.js";
import { partiesByIds } from "../services/parties/by-ids.js";
import { type InvoicePayment, paymentsOfInvoices } from "../services/payments/by-invoice.js";
import type { Owner } from "../services/shared/owner.js";
import type { CreditNote, DebitNote, Invoice, Party, Product } from "./rest-types.js";

/** Reads a batch of keys as a map, answering each key's value in order (missing ones as `missing`). */
function batched<V>(
  read: (ids: readonly string[]) => Promise<Map<string, V>>,
  missing: V | null = null,
): DataLoader<string, V | null> {
  return new DataLoader<string, V | null>(async (ids) => {
    const found = await read(ids);
    return ids.map((id) => found.get(id) ?? missing);
  });
}

/**
 * One request's loaders: the related objects that the resolvers of a page ask for one by one are
 * read together, one batch per kind (a page of 100 invoices with their parties and payments is a
 * handful of statements, not hundreds). They read on the pool, as REST's lists do, and live only as
 * long as the request, so they never answer another caller's data or a stale value.
 */
export function createLoaders(db: Executor, owner: Owner) {
  return {
    party: batched<Party>((ids) => partiesByIds(db, owner, ids)),
    product: batched<Product>((ids) => productsByIds(db, owner, ids)),
    invoice: batched<Invoice>((ids) => invoicesByIds(db, owner, ids)),
    paymentsOfInvoice: batched<InvoicePayment[]>((ids) => paymentsOfInvoices(db, owner, ids), []),
    creditNotesOfInvoice: batched<CreditNote[]>((ids) => creditNotesOfInvoices(db, owner, ids), []),
    debitNotesOfInvoice: batched<DebitNote[]>((ids) => debitNotesOfInvoices(db, owner, ids), []),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
