import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { creditNotes, debitNotes, einvoiceRegistrations, invoices } from "../../db/schema.js";
import type { EInvoice } from "../../einvoice/provider.js";
import { type RegistrationFailure, registrationFailure } from "../../einvoice/providers.js";
import { recordEvent } from "../events/events.js";
import { readInvoice } from "../invoices/read.js";
import { findCreditNote } from "../notes/credit-notes.js";
import { findDebitNote } from "../notes/debit-notes.js";
import type { Owner } from "../shared/owner.js";
import {
  type DocumentKind,
  EINVOICE_MAX_ATTEMPTS,
  queued,
  type RegistrationRow,
  retryDelayMs,
} from "./queue.js";
import type { IrpSelections } from "./selections.js";

/** Each kind of document's table, and how the API answers it. */
function documentsOf(kind: DocumentKind) {
  switch (kind) {
    case "invoice":
      return { table: invoices, read: readInvoice };
    case "credit_note":
      return { table: creditNotes, read: findCreditNote };
    case "debit_note":
      return { table: debitNotes, read: findDebitNote };
  }
}

/** The document as it was sent (its INV-01), while it still waits for its IRN. */
async function pendingDocument(
  db: Executor,
  owner: Owner,
  kind: DocumentKind,
  id: string,
): Promise<EInvoice | null> {
  const { table } = documentsOf(kind);
  const [row] = rowsOf(
    await db.execute(sql`select einvoice::text as einvoice from ${table}
      where account_id = ${owner.accountId} and livemode = ${owner.livemode} and id = ${id}
        and einvoice_status = 'pending' and einvoice is not null`),
  ) as { einvoice: string }[];
  return row ? (JSON.parse(row.einvoice) as EInvoice) : null;
}

type AnsweredDocument = Awaited<ReturnType<ReturnType<typeof documentsOf>["read"]>>;

export type AttemptOutcome =
  | { readonly kind: "registered" | "failed" | "retrying"; readonly document: AnsweredDocument }
  | { readonly kind: "gone" };

/**
 * One try of a claimed registration, outside every lock: the IRP is asked (first for the document,
 * when an earlier try's outcome is unknown), then the answer is recorded with its event in one
 * transaction, and the queue's row goes (registered), parks (failed) or waits for its next try.
 */
export async function attemptRegistration(
  db: Database,
  selections: IrpSelections,
  claimed: RegistrationRow,
): Promise<AttemptOutcome> {
  const owner: Owner = { accountId: claimed.accountId, livemode: claimed.livemode };
  const { table, read } = documentsOf(claimed.kind);
  const document = await pendingDocument(db, owner, claimed.kind, claimed.documentId);
  if (!document) {
    await db.delete(einvoiceRegistrations).where(queued(owner, claimed.kind, claimed.documentId));
    return { kind: "gone" };
  }
  let failure: RegistrationFailure | null = null;
  let registration: Awaited<ReturnType<IrpSelections["register"]>> | null = null;
  try {
    registration = await selections.register(db, owner, document, claimed.outcomeUnknown);
  } catch (error) {
    failure = registrationFailure(error);
  }
  const pendingRow = sql`account_id = ${owner.accountId} and livemode = ${owner.livemode}
    and id = ${claimed.documentId} and einvoice_status = 'pending'`;
  return db.transaction(async (tx): Promise<AttemptOutcome> => {
    if (registration) {
      const updated = rowsOf(
        await tx.execute(sql`update ${table} set irn = ${registration.irn}, ack_no = ${registration.ackNo},
          ack_date = ${registration.ackDate.toISOString()}::timestamptz,
          signed_qr_code = ${registration.signedQrCode}, signed_invoice = ${registration.signedInvoice},
          einvoice_status = 'registered', einvoice_error_code = null, einvoice_error_message = null
          where ${pendingRow} returning id`),
      );
      await tx.delete(einvoiceRegistrations).where(queued(owner, claimed.kind, claimed.documentId));
      if (updated.length === 0) return { kind: "gone" };
      const answered = await read(tx, owner, claimed.documentId);
      await recordEvent(tx, owner, `${claimed.kind}.einvoice_registered`, answered);
      return { kind: "registered", document: answered };
    }
    const failed = failure as RegistrationFailure;
    const givesUp = failed.kind === "rejected" || claimed.attempts >= EINVOICE_MAX_ATTEMPTS;
    const updated = rowsOf(
      await tx.execute(sql`update ${table} set einvoice_status = ${givesUp ? "failed" : "pending"},
        einvoice_error_code = ${failed.code}, einvoice_error_message = ${failed.message}
        where ${pendingRow} returning id`),
    );
    // An unknown outcome stays unknown until the IRP is asked: every later try asks first.
    const outcomeUnknown = claimed.outcomeUnknown || failed.kind === "unknown";
    await tx
      .update(einvoiceRegistrations)
      .set({
        outcomeUnknown,
        nextAttemptAt: givesUp
          ? null
          : sql`now() + make_interval(secs => ${retryDelayMs(claimed.attempts) / 1000})`,
      })
      .where(queued(owner, claimed.kind, claimed.documentId));
    if (updated.length === 0) return { kind: "gone" };
    const answered = await read(tx, owner, claimed.documentId);
    if (!givesUp) return { kind: "retrying", document: answered };
    await recordEvent(tx, owner, `${claimed.kind}.einvoice_failed`, answered);
    return { kind: "failed", document: answered };
  });
}
