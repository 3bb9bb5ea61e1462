import type { components } from "@bahi/contract";
import { parseNumeric } from "@bahi/gst";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { creditNotes, debitNotes, invoices } from "../../db/schema.js";
import type { EInvoice } from "../../einvoice/provider.js";
import { registrationFailure } from "../../einvoice/providers.js";
import { conflict, notFound } from "../../values/problem.js";
import { applyStockMovements, movementsOfSource } from "../catalogue/stock.js";
import type { IrpSelections } from "../einvoice/selections.js";
import { recordEvent } from "../events/events.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { toInvoice } from "./invoice-view.js";
import { itemsOf, lockInvoice } from "./read.js";

type Invoice = components["schemas"]["Invoice"];
type InvoiceCancel = components["schemas"]["InvoiceCancel"];

/** EINVOICE_CANCEL_WINDOW_HOURS: the IRP cancels an IRN only this long after it was generated. */
export const EINVOICE_CANCEL_WINDOW_HOURS = 24;

/** Cancels the IRN with the IRP that registered it; the IRP's refusal (or silence) is a 409. */
async function cancelIrn(
  tx: Executor,
  owner: Owner,
  row: { irn: string | null; einvoice: unknown; number: string },
  body: InvoiceCancel,
  selections: IrpSelections,
): Promise<void> {
  const gstin = (row.einvoice as EInvoice | null)?.SellerDtls.Gstin ?? "";
  const provider = await selections.providerFor(tx, owner, gstin);
  try {
    await provider.cancel(row.irn as string, body.reason, body.remark);
  } catch (error) {
    const failure = registrationFailure(error);
    throw conflict(
      "irp_cancel_failed",
      `The IRP did not cancel the IRN of invoice ${row.number} (${failure.code}: ${failure.message}); the invoice is unchanged.`,
    );
  }
}

/**
 * Cancels an invoice within the IRP's window, before any money or credit touched it. The number
 * stays used (GSTR-1 counts it as cancelled), and whatever stock the sale took comes back.
 */
export async function cancelInvoice(
  tx: Executor,
  owner: Owner,
  id: string,
  body: InvoiceCancel,
  now: Date,
  selections: IrpSelections,
): Promise<Invoice> {
  const row = await lockInvoice(tx, owner, id);
  if (row.status === "cancelled")
    throw conflict("invoice_cancelled", `Invoice ${row.number} is already cancelled.`);
  if (row.einvoiceStatus === "pending") {
    throw conflict(
      "einvoice_pending",
      `Invoice ${row.number} is still being registered with the IRP; cancel it once it has its IRN.`,
    );
  }
  if (parseNumeric(row.amountPaid, 2) > 0n) {
    throw conflict(
      "invoice_has_payments",
      `Invoice ${row.number} has payments allocated; issue a credit note instead.`,
    );
  }
  // A note can leave amount_credited at zero (a 1% credit of a ₹0.50 sale did), so it is the notes
  // themselves that bar the cancellation.
  const [[note], [debit]] = await Promise.all([
    tx
      .select({ id: creditNotes.id })
      .from(creditNotes)
      .where(ownedBy(creditNotes, owner, eq(creditNotes.invoiceId, id)))
      .limit(1),
    tx
      .select({ id: debitNotes.id })
      .from(debitNotes)
      .where(ownedBy(debitNotes, owner, eq(debitNotes.invoiceId, id)))
      .limit(1),
  ]);
  if (note) {
    throw conflict(
      "invoice_has_credit_notes",
      `Invoice ${row.number} has credit notes; issue a further credit note instead.`,
    );
  }
  if (debit) {
    throw conflict(
      "invoice_has_debit_notes",
      `Invoice ${row.number} has debit notes; issue a credit note instead.`,
    );
  }
  const since = row.ackDate ?? row.createdAt;
  if (now.getTime() - since.getTime() > EINVOICE_CANCEL_WINDOW_HOURS * 3_600_000) {
    throw conflict(
      "cancel_window_closed",
      `Invoice ${row.number} is more than ${EINVOICE_CANCEL_WINDOW_HOURS} hours old and can no longer be cancelled; issue a credit note instead.`,
    );
  }
  if (row.irn) await cancelIrn(tx, owner, row, body, selections);
  const taken = await movementsOfSource(tx, owner, id, "invoice");
  const returns = taken.map((m) => ({ productId: m.productId, quantity: -parseNumeric(m.quantity, 3) }));
  await applyStockMovements(tx, owner, returns, { kind: "invoice_cancel", sourceId: id });
  const [cancelled] = await tx
    .update(invoices)
    .set({
      status: "cancelled",
      cancellation: { reason: body.reason, remark: body.remark, cancelled_at: now.toISOString() },
    })
    .where(ownedRow(invoices, owner, id))
    .returning();
  if (!cancelled) throw notFound("invoice", id);
  const invoice = toInvoice(cancelled, (await itemsOf(tx, owner, [id])).get(id) ?? []);
  await recordEvent(tx, owner, "invoice.cancelled", invoice);
  return invoice;
}
