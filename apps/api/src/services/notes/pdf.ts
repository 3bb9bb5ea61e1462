import type { Executor } from "../../db/client.js";
import { findAccount, toAccount } from "../accounts/accounts.js";
import { readInvoice } from "../invoices/read.js";
import type { Owner } from "../shared/owner.js";
import {
  type CopyKind,
  type PrintedDocument,
  printDocument,
  type RenderPdf,
} from "../shared/printed-document.js";
import { findCreditNote } from "./credit-notes.js";
import { findDebitNote } from "./debit-notes.js";

/**
 * The facts a note's PDF prints besides the note: the supplier, and the invoice it amends (Rule 53
 * prints that invoice's number and date and its recipient, which the note does not carry).
 */
async function amendedInvoiceAndAccount(db: Executor, owner: Owner, invoiceId: string) {
  const [invoice, account] = await Promise.all([
    readInvoice(db, owner, invoiceId),
    findAccount(db, owner.accountId),
  ]);
  return { invoice, account: toAccount(account) };
}

/** GET /v1/credit_notes/{id}/pdf: the credit note, printed; 404 when this owner has none. */
export async function creditNotePdf(
  db: Executor,
  owner: Owner,
  id: string,
  copy: CopyKind,
  render: RenderPdf,
): Promise<PrintedDocument> {
  const note = await findCreditNote(db, owner, id);
  const { invoice, account } = await amendedInvoiceAndAccount(db, owner, note.invoice_id);
  return printDocument({ kind: "credit_note", document: note, invoice, account, copy }, render);
}

/** GET /v1/debit_notes/{id}/pdf: the debit note, printed; 404 when this owner has none. */
export async function debitNotePdf(
  db: Executor,
  owner: Owner,
  id: string,
  copy: CopyKind,
  render: RenderPdf,
): Promise<PrintedDocument> {
  const note = await findDebitNote(db, owner, id);
  const { invoice, account } = await amendedInvoiceAndAccount(db, owner, note.invoice_id);
  return printDocument({ kind: "debit_note", document: note, invoice, account, copy }, render);
}
