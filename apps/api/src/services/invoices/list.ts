import type { components } from "@bahi/contract";
import { todayInIst } from "@bahi/gst";
import { and, desc, eq, inArray, isNotNull, lt, not, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invoices } from "../../db/schema.js";
import { type Owner, ownedBy } from "../shared/owner.js";
import { checkDateRange, type ListQuery, type Page, pageOf } from "../shared/pagination.js";
import { cursorOf, datedPage, dateRangeOf, idAmong } from "../shared/sparse-pages.js";
import { invoiceColumns, invoicesOf } from "./read.js";

type Invoice = components["schemas"]["Invoice"];

export type InvoiceFilters = ListQuery<"listInvoices">;

/** Unpaid, not cancelled, and past its due date (today in India); an invoice without one never is. */
const isOverdue = (now: Date) =>
  and(
    inArray(invoices.status, ["issued", "partially_paid"]),
    isNotNull(invoices.dueDate),
    lt(invoices.dueDate, todayInIst(now)),
  ) as SQL;

/**
 * isOverdue as the ids of the page's `limit + 1` newest overdue invoices within its dates. Ordered
 * by id, `status in (…)` walks back through every invoice until enough are overdue (all of them when
 * none is); a walk through the status index for each unpaid status reads only the unpaid ones.
 */
function overdueIds(owner: Owner, filters: InvoiceFilters, now: Date): SQL {
  const unpaid = (status: Invoice["status"]) => sql`(select ${invoices.id} as id from ${invoices}
    where ${ownedBy(
      invoices,
      owner,
      eq(invoices.status, status),
      lt(invoices.dueDate, todayInIst(now)),
      cursorOf(invoices, filters),
      ...dateRangeOf(invoices, filters),
    )}
    order by ${desc(invoices.id)} limit ${filters.limit + 1})`;
  return idAmong(
    invoices.id,
    sql`select id from (${unpaid("issued")} union all ${unpaid("partially_paid")}) as overdue`,
  );
}

/** GET /v1/invoices: the page as JSON text, its invoices as GET /v1/invoices/{id} writes them. */
export async function listInvoices(
  db: Executor,
  owner: Owner,
  filters: InvoiceFilters,
  now: Date,
): Promise<Page<Invoice>> {
  checkDateRange(filters);
  const { status, overdue } = filters;
  // Never overdue, and finding none would read every paid invoice.
  if (overdue && (status === "paid" || status === "cancelled")) return pageOf([], filters.limit);
  const overdueCondition =
    overdue === undefined
      ? undefined
      : !overdue
        ? not(isOverdue(now))
        : status
          ? isOverdue(now)
          : overdueIds(owner, filters, now);
  const rows = await datedPage(
    invoices,
    owner,
    {
      ...filters,
      // Paid invoices pile up; invoices of any other status are few (unpaid for now, or cancelled
      // within a day of issue), and so are a party's or a number's: their indexes find the page.
      selective:
        filters.party_id !== undefined ||
        filters.number !== undefined ||
        (status !== undefined && status !== "paid") ||
        overdue === true,
      conditions: [
        status ? eq(invoices.status, status) : undefined,
        filters.party_id ? eq(invoices.partyId, filters.party_id) : undefined,
        filters.number ? eq(invoices.number, filters.number) : undefined,
        overdueCondition,
      ],
    },
    (where) =>
      db
        .select(invoiceColumns)
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.id))
        .limit(filters.limit + 1),
  );
  const page = pageOf(rows, filters.limit);
  return { ...page, data: await invoicesOf(db, owner, page.data) };
}
