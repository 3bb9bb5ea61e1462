import { JsonCache } from "./json-cache.js";

/**
 * ISSUED_INVOICE_CACHE_CHARS: how much of its invoices' unchanging JSON a process keeps, in
 * characters (one or two bytes each), about 6,000 invoices of three lines with their IRN.
 */
export const ISSUED_INVOICE_CACHE_CHARS = 32 * 1024 * 1024;

/**
 * An invoice's JSON (as GET /v1/invoices/{id} answers it) cut around the fields that change after it
 * is issued: `status`, the settlement (`amount_debited`, `amount_paid`, `amount_credited`,
 * `balance_due`), `shipping_bill` and `cancellation`. The four pieces are everything else, which never
 * changes once it is issued.
 */
export type IssuedInvoiceJson = readonly [string, string, string, string];

/**
 * The unchanging part of recently read invoices. The fields that change are read from the database on
 * every GET all the same.
 */
export class IssuedInvoiceCache extends JsonCache<IssuedInvoiceJson> {
  constructor(maxChars = ISSUED_INVOICE_CACHE_CHARS) {
    super(maxChars);
  }
}
