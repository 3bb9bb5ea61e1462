import type { Handlers, OperationId } from "../http/operation-types.js";
import { accountHandlers } from "./account.js";
import { apiKeyHandlers } from "./api-keys.js";
import { auditEntryHandlers } from "./audit-entries.js";
import { creditNoteHandlers } from "./credit-notes.js";
import { debitNoteHandlers } from "./debit-notes.js";
import { eventHandlers } from "./events.js";
import { gstr1Handlers } from "./gstr1.js";
import { invoiceHandlers } from "./invoices.js";
import { partyHandlers } from "./parties.js";
import { paymentHandlers } from "./payments.js";
import { productImportHandlers } from "./product-imports.js";
import { productHandlers } from "./products.js";
import { webhookHandlers } from "./webhooks.js";

/** Every implemented operation; the spec's other operations answer 404 until they are built. */
export const handlers: Handlers = {
  ...accountHandlers,
  ...apiKeyHandlers,
  ...partyHandlers,
  ...productHandlers,
  ...productImportHandlers,
  ...invoiceHandlers,
  ...paymentHandlers,
  ...creditNoteHandlers,
  ...debitNoteHandlers,
  ...eventHandlers,
  ...gstr1Handlers,
  ...webhookHandlers,
  ...auditEntryHandlers,
};

/**
 * Writes that may commit alone when sent without an Idempotency-Key: runWrite hands them the pool, and
 * they open a transaction only if they need one (an invoice create whose guessed number holds commits
 * as one statement: speed/guessed-claims.ts).
 */
export const commitsAlone: ReadonlySet<OperationId> = new Set<OperationId>(["createInvoice"]);

/**
 * Reads of one record by its id, each a fraction of a millisecond and never waiting for a lock: they
 * run on the connections where such reads are pipelined (POINT_READ_CONNECTIONS), not on the pool.
 * Lists, files and the GSTR-1 return stay on the pool, where a long read holds up no other.
 */
export const pointReads: ReadonlySet<OperationId> = new Set<OperationId>([
  "retrieveAccount",
  "retrieveCreditNote",
  "retrieveCreditNoteEinvoice",
  "retrieveDebitNote",
  "retrieveDebitNoteEinvoice",
  "retrieveEvent",
  "retrieveInvoice",
  "retrieveInvoiceEinvoice",
  "retrieveParty",
  "retrievePayment",
  "retrieveProduct",
  "retrieveWebhook",
]);

/**
 * Writes whose answer carries a secret shown once. Sent with an Idempotency-Key, the answer is
 * replayed only to the API key that made it: another key of the account may call the operation
 * without holding what its handler checks (a `keys:write` key replaying a `*` key's creation of a
 * `*` key would receive that secret), and a replay does not run the handler.
 */
export const answersWithSecret: ReadonlySet<OperationId> = new Set<OperationId>([
  "createApiKey",
  "createWebhook",
  "rotateApiKey",
  "rotateWebhookSecret",
]);
