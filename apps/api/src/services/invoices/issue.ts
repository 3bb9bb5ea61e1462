import type { components } from "@bahi/contract";
import type { InvoiceDraft } from "@bahi/gst";
import type { Executor } from "../../db/client.js";
import { invoiceItems, invoices } from "../../db/schema.js";
import type { EInvoiceProvider } from "../../einvoice/provider.js";
import type { GuessedClaims } from "../../speed/guessed-claims.js";
import type { JsonText } from "../../values/json-text.js";
import { applyStockMovements } from "../catalogue/stock.js";
import { enqueueRegistration } from "../einvoice/queue.js";
import { recordEvent } from "../events/events.js";
import { type DocumentNumber, type NumberingPolicy, nextDocumentNumber } from "../shared/document-numbers.js";
import type { Owner } from "../shared/owner.js";
import type { WriteContext } from "../shared/writes.js";
import { type InvoiceDocument, invoiceDocument } from "./rows.js";

type Invoice = components["schemas"]["Invoice"];

/** An invoice drafted and ready to be numbered, registered and written in the request's transaction. */
export interface Issue {
  readonly owner: Owner;
  readonly id: string;
  readonly draft: InvoiceDraft;
  readonly policy: NumberingPolicy;
  readonly now: Date;
  /** The series' last numbers as read with the facts, by period. */
  readonly lastInSeries: Readonly<Record<string, number>> | null;
  /** Whether a plan's quota counts this invoice, in its transaction (live invoices on the free plan). */
  readonly quota: boolean;
  /** Refuses the invoice if the plan's quota is spent; `counted` when it is already written. */
  readonly checkQuota: (tx: Executor, counted: boolean) => Promise<void>;
}

export interface IssueDeps {
  /** The sandbox, which registers in process; null: a live IRP registers after the commit. */
  readonly irp: EInvoiceProvider | null;
  /** Where the create's facts are read beside its transaction (null: in it). */
  readonly readsBeside: Executor | null;
  /** Claims of guessed numbers (speed/), or null to number every invoice under the lock. */
  readonly claims: GuessedClaims | null;
}

/**
 * The invoice under `taken`, registered with the IRP when it is e-invoiced and the IRP is in
 * process; with a live IRP (`irp` null) it is `pending`, registered after the commit.
 */
export async function registeredUnder(
  issue: Issue,
  irp: EInvoiceProvider | null,
  taken: DocumentNumber,
): Promise<InvoiceDocument> {
  const einvoice = issue.draft.einvoice(taken.number);
  const registration = einvoice && irp ? await irp.register(einvoice) : null;
  return invoiceDocument(issue.owner, issue.id, issue.draft, taken, einvoice, registration, issue.now);
}

/** Writes a numbered invoice, its lines and its event, pipelined in one round trip. */
export async function writeInvoice(tx: Executor, owner: Owner, { row, items, invoice }: InvoiceDocument) {
  await Promise.all([
    tx.insert(invoices).values(row),
    tx.insert(invoiceItems).values(items),
    recordEvent(tx, owner, "invoice.created", invoice),
  ]);
}

/**
 * The plain way to issue: take the stock and the series' next number (whose row stays locked until
 * the transaction ends, so numbers are consecutive), register, count the quota, write.
 */
export async function issueUnderLock(
  tx: Executor,
  issue: Issue,
  irp: EInvoiceProvider | null,
): Promise<{ document: InvoiceDocument; taken: DocumentNumber }> {
  const { owner, draft } = issue;
  const [, taken] = await Promise.all([
    applyStockMovements(tx, owner, draft.stockMoves, { kind: "invoice", sourceId: issue.id }),
    nextDocumentNumber(tx, owner, "invoice", issue.policy, draft.date),
  ]);
  const document = await registeredUnder(issue, irp, taken);
  await issue.checkQuota(tx, false);
  await writeInvoice(tx, owner, document);
  // Queued with the invoice, so that a crash before its registration leaves it to the workers.
  if (document.row.einvoiceStatus === "pending") await enqueueRegistration(tx, owner, "invoice", issue.id);
  return { document, taken };
}

/**
 * Numbers, registers and writes the invoice in the write's transaction. Where a number can be guessed
 * (speed/guessed-claims.ts), the invoice is signed before any lock under the number it will most
 * likely get; otherwise, and when the guess misses, it is issued under the lock.
 */
export async function issueInvoice(
  write: WriteContext,
  issue: Issue,
  deps: IssueDeps,
): Promise<JsonText<Invoice>> {
  const underLock = () =>
    write.transaction(
      (tx) => issueUnderLock(tx, issue, deps.irp),
      ({ document }) => document.invoice,
    );
  // A live IRP's invoice (irp null) is claimed unsigned, with its registration's queue row.
  if (deps.claims && (!issue.draft.einvoiced || deps.irp === null || deps.irp.registersLocally)) {
    return deps.claims.issue(write, issue, deps.irp, underLock);
  }
  return (await underLock()).document.invoice;
}
