import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { einvoiceRegistrations } from "../../db/schema.js";
import type { Owner } from "../shared/owner.js";

// The queue of registrations with a live IRP: written with each pending document, leased for each
// try, parked when a registration fails. Apart from the tries (registrations.ts), so that the
// documents' use cases can queue without importing what reads them back.

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

export const queued = (owner: Owner, kind: DocumentKind, documentId: string): SQL =>
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
