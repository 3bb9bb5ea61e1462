// The period's documents, classified into GSTR-1 sections in SQL so that every section (and the
// summary) is an aggregate or an ordered scan over the same definitions.
import { B2CL_THRESHOLDS, formatRupees, OTHER_COUNTRIES_STATE_CODE } from "@bahi/gst";
import { type SQL, sql } from "drizzle-orm";
import type { Owner } from "../shared/owner.js";

export interface PeriodScope {
  readonly owner: Owner;
  readonly start: string;
  readonly end: string;
}

/** Sections of an invoice; a credit note is reported in the light of its invoice's. */
export type InvoiceSection = "b2b" | "b2cl" | "b2cs" | "exp";

/** The B2CL limit in force on each invoice's own date, from the table in @bahi/gst. */
function b2clLimit(date: SQL): SQL {
  const branches = B2CL_THRESHOLDS.map(
    (t) => sql`when ${date} >= ${t.from}::date then ${formatRupees(t.above)}::numeric`,
  );
  // Before GST there were no GSTR-1 documents; the oldest limit keeps the expression total.
  const oldest = B2CL_THRESHOLDS[B2CL_THRESHOLDS.length - 1]?.above ?? 0n;
  return sql`case ${sql.join(branches, sql` `)} else ${formatRupees(oldest)}::numeric end`;
}

/**
 * The buyer's GSTIN as GSTR-1 reports it: none for an export, whose buyer abroad is reported (as in
 * its e-invoice) as unregistered, even when the party also holds an Indian GSTIN.
 */
const buyerGstin = sql`case when i.place_of_supply = ${OTHER_COUNTRIES_STATE_CODE} then null
  else i.party->>'gstin' end`;

/**
 * An export → exp; any other supply to a registered buyer → b2b (SEZ supplies included); unregistered:
 * inter-state above the B2CL limit of the invoice's date → b2cl; everything else → b2cs. `i` is the
 * invoices row.
 */
const sectionOfInvoice = sql`case
  when i.place_of_supply = ${OTHER_COUNTRIES_STATE_CODE} then 'exp'
  when i.party->>'gstin' is not null then 'b2b'
  when i.supply_type = 'inter_state' and i.total > ${b2clLimit(sql`i.date`)} then 'b2cl'
  else 'b2cs' end`;

/**
 * The document value GSTR-1 reports: what the buyer is invoiced. Under reverse charge the buyer pays
 * the tax to the government, so the stored total leaves it out; the value is then the taxable value
 * with the tax, rounded to the rupee, as the e-invoice's `TotInvVal` has it (the IRP fills GSTR-1
 * from that). Adding the tax to the rounded total instead left the value paise away from it.
 */
const documentValue = (d: string) =>
  sql.raw(
    `case when ${d}.reverse_charge then round(${d}.taxable_value + ${d}.cgst + ${d}.sgst + ${d}.igst + ${d}.cess) else ${d}.total end`,
  );

/** The columns of one kind of note (`n`) for `period_notes`, with its invoice (`i`). */
function notesOf(table: "credit_notes" | "debit_notes", ntty: "C" | "D", scope: PeriodScope): SQL {
  const { owner, start, end } = scope;
  return sql`select n.id, ${ntty}::text as ntty, ${ntty === "C" ? -1 : 1}::int as sign, n.number, n.date,
      n.place_of_supply, n.supply_type, n.reverse_charge, ${buyerGstin} as ctin, ${documentValue("n")} as val,
      n.taxable_value, n.igst, n.cgst, n.sgst, n.cess, i.sez, i.deemed_export, i.igst > 0 as igst_paid, null::jsonb as shipping_bill,
      ${sectionOfInvoice} as section
    from ${sql.raw(table)} n
    join invoices i on i.account_id = n.account_id and i.livemode = n.livemode and i.id = n.invoice_id
    where n.account_id = ${owner.accountId} and n.livemode = ${owner.livemode}
      and n.date between ${start}::date and ${end}::date`;
}

/**
 * `period_invoices`: the period's invoices that count (cancelled ones only count in doc_issue), with
 * their section; `period_notes`: the period's credit notes (`ntty` C, `sign` −1) and debit notes (D,
 * +1) with their invoice's section and buyer. Both say whether the invoice was a deemed export (DE),
 * and whether the (zero-rated) invoice paid IGST: WPAY/SEWP or WOPAY/SEWOP, for a note too, whose own
 * IGST may round to nothing.
 */
export function periodDocuments(scope: PeriodScope): SQL {
  const { owner, start, end } = scope;
  // Materialised: the classification (a JSON field, the B2CL limit) is computed once per document,
  // not again in every join, grouping and sort key that uses it.
  return sql`period_invoices as materialized (
    select i.id, i.number, i.date, i.place_of_supply, i.supply_type, i.reverse_charge,
      ${buyerGstin} as ctin, ${documentValue("i")} as val,
      i.taxable_value, i.igst, i.cgst, i.sgst, i.cess, i.sez, i.deemed_export, i.igst > 0 as igst_paid, i.shipping_bill,
      ${sectionOfInvoice} as section
    from invoices i
    where i.account_id = ${owner.accountId} and i.livemode = ${owner.livemode}
      and i.date between ${start}::date and ${end}::date and i.status <> 'cancelled'
  ), period_notes as materialized (
    ${notesOf("credit_notes", "C", scope)}
    union all
    ${notesOf("debit_notes", "D", scope)}
  )`;
}

/** The lines of `period_invoices` (as `d`) joined to their items (as `it`). */
export function invoiceLines(scope: PeriodScope): SQL {
  return sql`period_invoices d join invoice_items it
    on it.account_id = ${scope.owner.accountId} and it.livemode = ${scope.owner.livemode} and it.invoice_id = d.id`;
}

/**
 * The items of the note `d` of `period_notes`, credit or debit, in one shape (a debit note's lines have
 * no quantity), as a lateral subquery to alias.
 */
export function noteItems(scope: PeriodScope): SQL {
  const { accountId, livemode } = scope.owner;
  const columns = sql.raw(
    "line_no, hsn_code, unit, gst_rate, description, taxable_value, igst, cgst, sgst, cess",
  );
  return sql`lateral (
    select ${columns}, qty from credit_note_items
    where d.ntty = 'C' and account_id = ${accountId} and livemode = ${livemode} and credit_note_id = d.id
    union all
    select ${columns}, null::numeric as qty from debit_note_items
    where d.ntty = 'D' and account_id = ${accountId} and livemode = ${livemode} and debit_note_id = d.id
  )`;
}

/** The lines of `period_notes` (as `d`) joined to their items (as `it`). */
export function noteLines(scope: PeriodScope): SQL {
  return sql`period_notes d cross join ${noteItems(scope)} it`;
}
