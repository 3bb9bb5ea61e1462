import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { creditNotes, debitNotes, invoices } from "../../db/schema.js";
import { ApiError, conflict, notFound } from "../../values/problem.js";
import type { Owner } from "../shared/owner.js";
import { type DocumentKind, enqueueRegistration, wakeRegistration } from "./queue.js";

/** Each kind of document's table, and why it may have no e-invoice (404 `einvoice_not_applicable`). */
const retried = {
  invoice: {
    table: invoices,
    notApplicable: (number: string) =>
      `Invoice ${number} is a sale to an unregistered buyer in India: it has no e-invoice.`,
  },
  credit_note: {
    table: creditNotes,
    notApplicable: (number: string) =>
      `Credit note ${number} adjusts an invoice without an IRN: it has no e-invoice.`,
  },
  debit_note: {
    table: debitNotes,
    notApplicable: (number: string) =>
      `Debit note ${number} adjusts an invoice without an IRN: it has no e-invoice.`,
  },
} as const;

/**
 * POST /v1/{invoices,credit_notes,debit_notes}/{id}/einvoice/retry: a `failed` registration goes back
 * in the queue, due now, keeping what it knew (an unknown outcome is asked about before the document
 * is sent again). Answers whether the document now waits for its IRN.
 */
export async function retryRegistration(
  tx: Executor,
  owner: Owner,
  kind: DocumentKind,
  id: string,
): Promise<boolean> {
  const { table, notApplicable } = retried[kind];
  // Notes are never cancelled; an invoice is, and a cancelled one is not sent again.
  const cancelled = kind === "invoice" ? sql`status = 'cancelled'` : sql`false`;
  const [row] = rowsOf(
    await tx.execute(sql`select number, einvoice is not null as e_invoiced, einvoice_status, irn,
        ${cancelled} as cancelled
      from ${table}
      where account_id = ${owner.accountId} and livemode = ${owner.livemode} and id = ${id}
      for update`),
  ) as {
    number: string;
    e_invoiced: boolean;
    einvoice_status: string | null;
    irn: string | null;
    cancelled: boolean;
  }[];
  if (!row) throw notFound(kind, id);
  if (!row.e_invoiced) throw new ApiError(404, "einvoice_not_applicable", notApplicable(row.number));
  if (row.cancelled) throw conflict("invoice_cancelled", `Invoice ${row.number} is cancelled.`);
  const status = row.einvoice_status ?? (row.irn ? "registered" : "not_applicable");
  if (status !== "failed") return status === "pending";
  await tx.execute(sql`update ${table} set einvoice_status = 'pending'
    where account_id = ${owner.accountId} and livemode = ${owner.livemode} and id = ${id}`);
  if (!(await wakeRegistration(tx, owner, kind, id))) {
    await enqueueRegistration(tx, owner, kind, id);
  }
  return true;
}
