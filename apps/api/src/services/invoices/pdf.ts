import type { Executor } from "../../db/client.js";
import { findAccount, toAccount } from "../accounts/accounts.js";
import type { Owner } from "../shared/owner.js";
import {
  type CopyKind,
  type PrintedDocument,
  printDocument,
  type RenderPdf,
} from "../shared/printed-document.js";
import { readInvoice } from "./read.js";

/** GET /v1/invoices/{id}/pdf: the invoice, printed for the account that issued it; 404 when none. */
export async function invoicePdf(
  db: Executor,
  owner: Owner,
  id: string,
  copy: CopyKind,
  render: RenderPdf,
): Promise<PrintedDocument> {
  const [invoice, account] = await Promise.all([
    readInvoice(db, owner, id),
    findAccount(db, owner.accountId),
  ]);
  return printDocument({ kind: "invoice", document: invoice, account: toAccount(account), copy }, render);
}
