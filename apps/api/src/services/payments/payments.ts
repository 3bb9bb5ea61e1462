import type { components } from "@bahi/contract";
import { formatRupees, parseNumeric, parseRupees, todayInIst, toRupees } from "@bahi/gst";
import { and, asc, desc, eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invoices, parties, paymentAllocations, payments } from "../../db/schema.js";
import { newId } from "../../values/ids.js";
import {
  ApiError,
  type FieldErrorList,
  field,
  notFound,
  sentenceOf,
  unprocessable,
} from "../../values/problem.js";
import { recordEvent } from "../events/events.js";
import { balanceOf, type InvoiceRow, settlementStatus, toInvoice } from "../invoices/invoice-view.js";
import { itemsOf } from "../invoices/read.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { checkDateRange, type ListQuery, type Page, pageOf } from "../shared/pagination.js";
import { datedPage } from "../shared/sparse-pages.js";

type Payment = components["schemas"]["Payment"];
type PaymentCreate = components["schemas"]["PaymentCreate"];
type PaymentAllocate = components["schemas"]["PaymentAllocate"];
type AllocationCreate = components["schemas"]["PaymentAllocationCreate"];
type Invoice = components["schemas"]["Invoice"];
export type PaymentRow = typeof payments.$inferSelect;
export type AllocationRow = typeof paymentAllocations.$inferSelect;

/** MAX_PAYMENT_ALLOCATIONS in the spec: the most invoices one payment may settle, in all. */
export const MAX_PAYMENT_ALLOCATIONS = 100;

const money = (text: string) => toRupees(parseNumeric(text, 2));

export function toPayment(row: PaymentRow, allocations: readonly AllocationRow[]): Payment {
  return {
    id: row.id,
    object: "payment",
    livemode: row.livemode,
    party_id: row.partyId,
    amount: money(row.amount),
    date: row.date,
    mode: row.mode,
    reference: row.reference,
    allocations: [...allocations]
      .sort((a, b) => a.position - b.position)
      .map((a) => ({
        invoice_id: a.invoiceId,
        amount: money(a.amount),
        created_at: a.createdAt.toISOString(),
      })),
    unallocated_amount: money(row.unallocatedAmount),
    created_at: row.createdAt.toISOString(),
  };
}

/** Every invoice column but the INV-01 document, which no payment needs. */
const { einvoice: _einvoice, ...invoiceColumns } = getTableColumns(invoices);
type LockedInvoice = Omit<InvoiceRow, "einvoice">;

interface Allocating {
  paymentId: string;
  partyId: string;
  /** Paise the allocations may use in all. */
  available: bigint;
  /** Allocations the payment already holds. */
  held: number;
}

interface Allocated {
  rows: AllocationRow[];
  /** Paise the new allocations use. */
  used: bigint;
  /** The invoices after the allocations, with what to announce of each. */
  invoices: { row: LockedInvoice; event: "invoice.paid" | "invoice.partially_paid" }[];
}

/**
 * Checks allocations against the payment and the invoices, which it locks (FOR UPDATE, in id order so
 * that two payments for the same invoices cannot deadlock) until the transaction ends: an invoice's
 * balance read here is its balance when the transaction commits, so racing payments never over-pay it.
 * Writes nothing; `writeAllocations` does, once the payment row exists.
 */
async function checkAllocations(
  tx: Executor,
  owner: Owner,
  payment: Allocating,
  allocations: readonly AllocationCreate[],
  now: Date,
): Promise<Allocated> {
  if (allocations.length === 0) return { rows: [], used: 0n, invoices: [] };
  if (payment.held + allocations.length > MAX_PAYMENT_ALLOCATIONS) {
    const message = `a payment holds at most ${MAX_PAYMENT_ALLOCATIONS} allocations; this one has ${payment.held}`;
    throw unprocessable("too_many_allocations", `allocations: ${message}`, [
      field("too_many_allocations", "/allocations", message),
    ]);
  }
  const ids = [...new Set(allocations.map((a) => a.invoice_id))].sort();
  const locked = await tx
    .select(invoiceColumns)
    .from(invoices)
    .where(ownedBy(invoices, owner, inArray(invoices.id, ids)))
    .orderBy(asc(invoices.id))
    .for("update");
  const byId = new Map(locked.map((row) => [row.id, row]));
  const unprocessables: FieldErrorList = [];
  const conflicts: FieldErrorList = [];
  const seen = new Set<string>();
  let used = 0n;
  const rows: AllocationRow[] = [];
  const touched = new Map<string, LockedInvoice>();
  allocations.forEach((allocation, i) => {
    const idAt = `/allocations/${i}/invoice_id`;
    const amountAt = `/allocations/${i}/amount`;
    const amount = parseRupees(allocation.amount);
    used += amount;
    const invoice = byId.get(allocation.invoice_id);
    if (seen.has(allocation.invoice_id)) {
      unprocessables.push(
        field("duplicate_allocation", idAt, `invoice ${allocation.invoice_id} is already allocated above`),
      );
    } else if (!invoice) {
      unprocessables.push(field("unknown_invoice", idAt, "no such invoice in this account and mode"));
    } else if (invoice.partyId !== payment.partyId) {
      unprocessables.push(
        field("invoice_of_other_party", idAt, `invoice ${invoice.number} is not of party ${payment.partyId}`),
      );
    } else if (invoice.status === "cancelled") {
      conflicts.push(field("invoice_cancelled", idAt, `invoice ${invoice.number} is cancelled`));
    } else {
      const paid = parseNumeric(invoice.amountPaid, 2);
      const balance = balanceOf(invoice);
      if (amount > balance) {
        unprocessables.push(
          field(
            "allocation_exceeds_balance",
            amountAt,
            `is more than the balance due of invoice ${invoice.number} (${formatRupees(balance)})`,
          ),
        );
      } else {
        const allocated = { ...invoice, amountPaid: formatRupees(paid + amount) };
        touched.set(invoice.id, { ...allocated, status: settlementStatus(allocated) });
      }
    }
    if (used > payment.available) {
      unprocessables.push(
        field(
          "allocation_exceeds_payment",
          amountAt,
          `the allocations up to here add up to ${formatRupees(used)}, more than the ${formatRupees(payment.available)} left to allocate`,
        ),
      );
    }
    seen.add(allocation.invoice_id);
    rows.push({
      accountId: owner.accountId,
      livemode: owner.livemode,
      paymentId: payment.paymentId,
      invoiceId: allocation.invoice_id,
      position: payment.held + i + 1,
      amount: formatRupees(amount),
      createdAt: now,
    });
  });
  const [first] = unprocessables;
  if (first) throw unprocessable(first.code, sentenceOf([first]), unprocessables);
  const [conflicting] = conflicts;
  if (conflicting) {
    throw new ApiError(
      409,
      conflicting.code,
      `${conflicting.pointer}: ${conflicting.message}; a cancelled invoice cannot be paid.`,
      { errors: conflicts },
    );
  }
  return {
    rows,
    used,
    invoices: [...touched.values()].map((row) => ({
      row,
      event: row.status === "paid" ? "invoice.paid" : "invoice.partially_paid",
    })),
  };
}

/** Writes the allocations and the invoices they pay, and announces each invoice's new state. */
async function writeAllocations(tx: Executor, owner: Owner, allocated: Allocated): Promise<void> {
  if (allocated.rows.length === 0) return;
  const changed = allocated.invoices.map(({ row }) => row);
  await Promise.all([
    tx.insert(paymentAllocations).values(allocated.rows),
    ...changed.map((row) =>
      tx
        .update(invoices)
        .set({ amountPaid: row.amountPaid, status: row.status })
        .where(ownedRow(invoices, owner, row.id)),
    ),
  ]);
  const items = await itemsOf(
    tx,
    owner,
    changed.map((row) => row.id),
  );
  const views: { invoice: Invoice; event: (typeof allocated.invoices)[number]["event"] }[] =
    allocated.invoices.map(({ row, event }) => ({ invoice: toInvoice(row, items.get(row.id) ?? []), event }));
  for (const { invoice, event } of views) await recordEvent(tx, owner, event, invoice);
}

export async function createPayment(
  tx: Executor,
  owner: Owner,
  body: PaymentCreate,
  now: Date,
): Promise<Payment> {
  const today = todayInIst(now);
  const date = body.date ?? today;
  const errors: FieldErrorList = [];
  if (date > today)
    errors.push(field("date_in_future", "/date", `must not be after today (${today}) in India`));
  const [party] = await tx
    .select({ id: parties.id })
    .from(parties)
    .where(ownedRow(parties, owner, body.party_id))
    .limit(1);
  if (!party) errors.unshift(field("unknown_party", "/party_id", "no such party in this account and mode"));
  const [first] = errors;
  if (first) throw unprocessable(first.code, sentenceOf([first]), errors);
  const amount = parseRupees(body.amount);
  const id = newId("payment");
  const allocated = await checkAllocations(
    tx,
    owner,
    { paymentId: id, partyId: body.party_id, available: amount, held: 0 },
    body.allocations ?? [],
    now,
  );
  const row: PaymentRow = {
    accountId: owner.accountId,
    livemode: owner.livemode,
    id,
    partyId: body.party_id,
    amount: formatRupees(amount),
    date,
    mode: body.mode,
    reference: body.reference ?? null,
    unallocatedAmount: formatRupees(amount - allocated.used),
    createdAt: now,
  };
  const payment = toPayment(row, allocated.rows);
  await tx.insert(payments).values(row);
  await recordEvent(tx, owner, "payment.created", payment);
  await writeAllocations(tx, owner, allocated);
  return payment;
}

export async function allocationsOf(
  db: Executor,
  owner: Owner,
  paymentIds: readonly string[],
): Promise<Map<string, AllocationRow[]>> {
  const byPayment = new Map<string, AllocationRow[]>(paymentIds.map((id) => [id, []]));
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select()
    .from(paymentAllocations)
    .where(
      and(
        eq(paymentAllocations.accountId, owner.accountId),
        eq(paymentAllocations.livemode, owner.livemode),
        inArray(paymentAllocations.paymentId, [...paymentIds]),
      ),
    )
    .orderBy(asc(paymentAllocations.paymentId), asc(paymentAllocations.position));
  for (const row of rows) byPayment.get(row.paymentId)?.push(row);
  return byPayment;
}

/**
 * Sets more of a payment against invoices. The payment row is locked first, then the invoices: two
 * allocations of one payment queue on it, so its unallocated amount is never spent twice.
 */
export async function allocatePayment(
  tx: Executor,
  owner: Owner,
  id: string,
  body: PaymentAllocate,
  now: Date,
): Promise<Payment> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(ownedRow(payments, owner, id))
    .for("update");
  if (!row) throw notFound("payment", id);
  const held = (await allocationsOf(tx, owner, [id])).get(id) ?? [];
  const allocated = await checkAllocations(
    tx,
    owner,
    {
      paymentId: id,
      partyId: row.partyId,
      available: parseNumeric(row.unallocatedAmount, 2),
      held: held.length,
    },
    body.allocations,
    now,
  );
  const updated: PaymentRow = {
    ...row,
    unallocatedAmount: formatRupees(parseNumeric(row.unallocatedAmount, 2) - allocated.used),
  };
  await Promise.all([
    tx
      .update(payments)
      .set({ unallocatedAmount: updated.unallocatedAmount })
      .where(ownedRow(payments, owner, id)),
    writeAllocations(tx, owner, allocated),
  ]);
  return toPayment(updated, [...held, ...allocated.rows]);
}

export async function findPayment(db: Executor, owner: Owner, id: string): Promise<Payment> {
  const [[row], allocations] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(ownedRow(payments, owner, id))
      .limit(1),
    allocationsOf(db, owner, [id]),
  ]);
  if (!row) throw notFound("payment", id);
  return toPayment(row, allocations.get(id) ?? []);
}

export type PaymentFilters = ListQuery<"listPayments">;

export async function listPayments(
  db: Executor,
  owner: Owner,
  filters: PaymentFilters,
): Promise<Page<Payment>> {
  checkDateRange(filters);
  const conditions: (SQL | undefined)[] = [
    filters.party_id ? eq(payments.partyId, filters.party_id) : undefined,
    filters.invoice_id
      ? inArray(
          payments.id,
          db
            .select({ id: paymentAllocations.paymentId })
            .from(paymentAllocations)
            .where(
              and(
                eq(paymentAllocations.accountId, owner.accountId),
                eq(paymentAllocations.livemode, owner.livemode),
                eq(paymentAllocations.invoiceId, filters.invoice_id),
              ),
            ),
        )
      : undefined,
  ];
  const selective = filters.party_id !== undefined || filters.invoice_id !== undefined;
  const rows = await datedPage(payments, owner, { ...filters, selective, conditions }, (where) =>
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.id))
      .limit(filters.limit + 1),
  );
  const page = pageOf(rows, filters.limit);
  const allocations = await allocationsOf(
    db,
    owner,
    page.data.map((r) => r.id),
  );
  return { ...page, data: page.data.map((r) => toPayment(r, allocations.get(r.id) ?? [])) };
}
