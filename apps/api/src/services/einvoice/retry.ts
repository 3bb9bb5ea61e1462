import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invoices } from "../../db/schema.js";
import { ApiError, conflict } from "../../values/problem.js";
import { lockInvoice } from "../invoices/read.js";
import type { Owner } from "../shared/owner.js";
import { enqueueRegistration, wakeRegistration } from "./queue.js";

/**
 * POST /v1/invoices/{id}/einvoice/retry: a `failed` registration goes back in the queue, due now,
 * keeping what it knew (an unknown outcome is asked about before the document is sent again).
 * Answers whether the invoice now waits for its IRN.
 */
export async function retryInvoiceRegistration(tx: Executor, owner: Owner, id: string): Promise<boolean> {
  const row = await lockInvoice(tx, owner, id);
  if (!row.einvoice) {
    throw new ApiError(
      404,
      "einvoice_not_applicable",
      `Invoice ${row.number} is a sale to an unregistered buyer in India: it has no e-invoice.`,
    );
  }
  if (row.status === "cancelled") throw conflict("invoice_cancelled", `Invoice ${row.number} is cancelled.`);
  const status = row.einvoiceStatus ?? (row.irn ? "registered" : "not_applicable");
  if (status !== "failed") return status === "pending";
  await tx
    .update(invoices)
    .set({ einvoiceStatus: "pending" })
    .where(
      and(
        eq(invoices.accountId, owner.accountId),
        eq(invoices.livemode, owner.livemode),
        eq(invoices.id, id),
      ),
    );
  if (!(await wakeRegistration(tx, owner, "invoice", id))) {
    await enqueueRegistration(tx, owner, "invoice", id);
  }
  return true;
}
