import { and, eq, type SQL, sql } from "drizzle-orm";
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
import type { IrpSelections } from "./selections.js";

export type RegistrationRow = typeof einvoiceRegistrations.$inferSelect;
export type DocumentKind = RegistrationRow["kind"];

/** EINVOICE_MAX_ATTEMPTS: tries of a registration the IRP keeps failing (5xx, timeouts) before it is `failed`. */
export const EINVOICE_MAX_ATTEMPTS = 12;
/** The waits after each failed try (the spec's e-Invoicing tag), then EINVOICE_RETRY_DELAYS_MS's last. */
export const EINVOICE_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;
export const EINVOICE_RETRY_JITTER = 0.1;
/**
 * EINVOICE_LEASE_MS: a try in hand holds its row this long (next_attempt_at pushed past it): longer
 * than a register() with its recovery rounds, so that no second worker sends the document meanwhile.
 */
export const EINVOICE_LEASE_MS = 60_000;

const lease = sql`now() + make_interval(secs => ${EINVOICE_LEASE_MS / 1000})`;
/** The lease of a registration's first try, as SQL text with no parameter (for a statement built once). */
export const firstTryLease = sql.raw(`now() + interval '${EINVOICE_LEASE_MS / 1000} seconds'`);

/** The wait after the `attempt`-th failed try, ±EINVOICE_RETRY_JITTER. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base =
    EINVOICE_RETRY_DELAYS_MS[Math.min(attempt, EINVOICE_RETRY_DELAYS_MS.length) - 1] ??
    EINVOICE_RETRY_DELAYS_MS[0];
  return Math.round(base * (1 + EINVOICE_RETRY_JITTER * (2 * random() - 1)));
}

/**
 * Queues a document committed `pending`, in its own transaction, with its first try's lease already
 * taken: the request that committed it makes that try (registerNow), and a worker only if the
 * lease lapses (the node stopped first).
 */
export async function enqueueRegistration(
  tx: Executor,
  owner: Owner,
  kind: DocumentKind,
  documentId: string,
): Promise<void> {
  await tx.insert(einvoiceRegistrations).values({
    accountId: owner.accountId,
    livemode: owner.livemode,
    kind,
    documentId,
    attempts: 1,
    nextAttemptAt: lease,
  });
}

const queued = (owner: Owner, kind: DocumentKind, documentId: string): SQL =>
  and(
    eq(einvoiceRegistrations.accountId, owner.accountId),
    eq(einvoiceRegistrations.livemode, owner.livemode),
    eq(einvoiceRegistrations.kind, kind),
    eq(einvoiceRegistrations.documentId, documentId),
  ) as SQL;

/** A registration queued (or woken) under its first try's lease, for the request that did it; null if none. */
export async function leasedRegistration(
  db: Executor,
  owner: Owner,
  kind: DocumentKind,
  documentId: string,
): Promise<RegistrationRow | null> {
  const [row] = await db
    .select()
    .from(einvoiceRegistrations)
    .where(and(queued(owner, kind, documentId), sql`${einvoiceRegistrations.nextAttemptAt} > now()`));
  return row ?? null;
}

/** Takes up to `limit` due registrations of any account; workers skip each other's (SKIP LOCKED). */
export async function claimDueRegistrations(db: Executor, limit: number): Promise<RegistrationRow[]> {
  const t = einvoiceRegistrations;
  const rows = rowsOf(
    await db.execute(sql`
      update ${t} set next_attempt_at = ${lease}, attempts = ${t.attempts} + 1
      where (account_id, livemode, kind, document_id) in (
        select account_id, livemode, kind, document_id from ${t}
        where next_attempt_at is not null and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning account_id, livemode, kind, document_id, attempts, outcome_unknown`),
  );
  return rows.map((r) => ({
    accountId: r.account_id as string,
    livemode: r.livemode as boolean,
    kind: r.kind as DocumentKind,
    documentId: r.document_id as string,
    attempts: Number(r.attempts),
    outcomeUnknown: r.outcome_unknown as boolean,
    nextAttemptAt: null,
    createdAt: new Date(),
  }));
}

/**
 * Puts a `failed` invoice's parked registration back in the queue, its first try leased to the
 * request that woke it (as enqueueRegistration does); false when none is parked.
 */
export async function wakeRegistration(
  tx: Executor,
  owner: Owner,
  kind: DocumentKind,
  documentId: string,
): Promise<boolean> {
  const woken = await tx
    .update(einvoiceRegistrations)
    .set({ nextAttemptAt: lease, attempts: 1 })
    .where(and(queued(owner, kind, documentId), sql`${einvoiceRegistrations.nextAttemptAt} is null`))
    .returning({ id: einvoiceRegistrations.documentId });
  return woken.length > 0;
}

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
