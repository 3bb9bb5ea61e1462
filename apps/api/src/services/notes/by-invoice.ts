import type { components } from "@bahi/contract";
import { desc, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { creditNotes, debitNotes } from "../../db/schema.js";
import { type Owner, ownedBy } from "../shared/owner.js";
import { creditNotesOf } from "./credit-notes.js";
import { debitNotesOf } from "./debit-notes.js";

type CreditNote = components["schemas"]["CreditNote"];
type DebitNote = components["schemas"]["DebitNote"];

function grouped<T extends { invoice_id: string }>(invoiceIds: readonly string[], notes: readonly T[]) {
  const byInvoice = new Map<string, T[]>(invoiceIds.map((id) => [id, []]));
  for (const note of notes) byInvoice.get(note.invoice_id)?.push(note);
  return byInvoice;
}

/** The credit notes of each of some invoices, newest first. */
export async function creditNotesOfInvoices(
  db: Executor,
  owner: Owner,
  invoiceIds: readonly string[],
): Promise<Map<string, CreditNote[]>> {
  if (invoiceIds.length === 0) return new Map();
  const ids = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(ownedBy(creditNotes, owner, inArray(creditNotes.invoiceId, [...invoiceIds])))
    .orderBy(desc(creditNotes.id));
  return grouped(
    invoiceIds,
    await creditNotesOf(
      db,
      owner,
      ids.map((row) => row.id),
    ),
  );
}

/** The debit notes of each of some invoices, newest first. */
export async function debitNotesOfInvoices(
  db: Executor,
  owner: Owner,
  invoiceIds: readonly string[],
): Promise<Map<string, DebitNote[]>> {
  if (invoiceIds.length === 0) return new Map();
  const ids = await db
    .select({ id: debitNotes.id })
    .from(debitNotes)
    .where(ownedBy(debitNotes, owner, inArray(debitNotes.invoiceId, [...invoiceIds])))
    .orderBy(desc(debitNotes.id));
  return grouped(
    invoiceIds,
    await debitNotesOf(
      db,
      owner,
      ids.map((row) => row.id),
    ),
  );
}
