import type { components } from "@bahi/contract";
import { parseNumeric, toRupees } from "@bahi/gst";
import { and, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { paymentAllocations, payments } from "../../db/schema.js";
import type { Owner } from "../shared/owner.js";
import { allocationsOf, toPayment } from "./payments.js";

type Payment = components["schemas"]["Payment"];

/** A payment's allocation to one invoice, with the payment whole. */
export interface InvoicePayment {
  readonly payment: Payment;
  readonly amount: number;
  readonly createdAt: string;
}

/**
 * The payments allocated to each of some invoices, newest first, each with its allocation to that
 * invoice: two statements for any number of invoices (the payments with their allocations to them,
 * then every allocation of those payments, which a payment answers whole).
 */
export async function paymentsOfInvoices(
  db: Executor,
  owner: Owner,
  invoiceIds: readonly string[],
): Promise<Map<string, InvoicePayment[]>> {
  const byInvoice = new Map<string, InvoicePayment[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select({
      payment: getTableColumns(payments),
      invoiceId: paymentAllocations.invoiceId,
      amount: paymentAllocations.amount,
      createdAt: paymentAllocations.createdAt,
    })
    .from(paymentAllocations)
    .innerJoin(
      payments,
      and(
        eq(payments.accountId, paymentAllocations.accountId),
        eq(payments.livemode, paymentAllocations.livemode),
        eq(payments.id, paymentAllocations.paymentId),
      ),
    )
    .where(
      and(
        eq(paymentAllocations.accountId, owner.accountId),
        eq(paymentAllocations.livemode, owner.livemode),
        inArray(paymentAllocations.invoiceId, [...invoiceIds]),
      ),
    )
    .orderBy(desc(payments.id));
  const paymentIds = [...new Set(rows.map((row) => row.payment.id))];
  const allocations = await allocationsOf(db, owner, paymentIds);
  const answered = new Map<string, Payment>();
  for (const row of rows) {
    let payment = answered.get(row.payment.id);
    if (!payment) {
      payment = toPayment(row.payment, allocations.get(row.payment.id) ?? []);
      answered.set(payment.id, payment);
    }
    byInvoice.get(row.invoiceId)?.push({
      payment,
      amount: toRupees(parseNumeric(row.amount, 2)),
      createdAt: row.createdAt.toISOString(),
    });
  }
  return byInvoice;
}
