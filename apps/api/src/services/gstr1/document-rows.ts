// The per-document sections (b2b, b2cl, exp, cdnr, cdnur) hold one entry per document: their rows are
// read through a cursor and handed over one document at a time.
import type { components } from "@bahi/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import type { RateAmounts } from "./amounts.js";
import { forEachBatch } from "./cursor.js";
import { noteItems, type PeriodScope, periodDocuments } from "./documents.sql.js";

type Schemas = components["schemas"];

/** One invoice's sums at one GST rate: the item rows of GSTR-1 are one per rate, not per line. */
export interface DocumentRateRow extends RateAmounts {
  readonly section: string;
  readonly ctin: string | null;
  readonly pos: Schemas["PlaceOfSupply"];
  readonly id: string;
  readonly number: string;
  readonly date: string;
  readonly val: string;
  readonly rchrg: boolean;
  readonly sez: boolean;
  readonly deemed_export: boolean;
  readonly igst_paid: boolean;
  /** An export invoice's shipping bill, once recorded (never on a note). */
  readonly shipping_bill: Schemas["ShippingBill"] | null;
  /** A note's kind: `C` credit, `D` debit (null for an invoice). */
  readonly ntty: "C" | "D" | null;
}

/**
 * `inv_typ` of a b2b invoice (or of the invoice a cdnr note adjusts): regular, a deemed export, or to
 * an SEZ with or without payment of IGST.
 */
export function b2bInvoiceType(row: DocumentRateRow): Schemas["Gstr1B2bInvoice"]["inv_typ"] {
  if (row.sez) return row.igst_paid ? "SEWP" : "SEWOP";
  return row.deemed_export ? "DE" : "R";
}

/**
 * Per-rate sums of the period's invoices (or credit and debit notes) outside b2cs, sorted by section,
 * then by buyer and place (and exports by whether they paid IGST, WPAY first), so that each group's
 * documents arrive together. The documents are sorted first and their lines summed one document at a time (an
 * index range each), so the sort handles narrow rows and the per-rate rows come out already in order.
 * Byte order ("C") is enough for grouping and much cheaper to compare than the database's linguistic
 * collation.
 */
export function documentRateRows(scope: PeriodScope, documents: "invoices" | "notes"): SQL {
  const { owner } = scope;
  const [source, items, ntty] =
    documents === "invoices"
      ? [
          sql`period_invoices`,
          sql`invoice_items it where it.account_id = ${owner.accountId} and it.livemode = ${owner.livemode}
            and it.invoice_id = d.id`,
          sql`null`,
        ]
      : [sql`period_notes`, sql`${noteItems(scope)} it`, sql`d.ntty`];
  const order = (d: string) =>
    sql.raw(
      `${d}section collate "C", ${d}ctin collate "C", ${d}place_of_supply collate "C", (${d}section = 'exp' and not ${d}igst_paid), ${d}date, ${d}number collate "C", ${d}id collate "C"`,
    );
  return sql`with ${periodDocuments(scope)}
    select d.section, d.ctin, d.place_of_supply as pos, d.id, d.number, d.date::text as date,
      d.val::text as val, d.reverse_charge as rchrg, d.sez, d.deemed_export, d.igst_paid, d.shipping_bill, ${ntty} as ntty, r.rt::text as rt, r.txval::text as txval,
      r.iamt::text as iamt, r.camt::text as camt, r.samt::text as samt, r.csamt::text as csamt
    from (select * from ${source} where section <> 'b2cs' order by ${order("")}) d
    cross join lateral (
      select it.gst_rate as rt, sum(it.taxable_value) as txval, sum(it.igst) as iamt, sum(it.cgst) as camt,
        sum(it.sgst) as samt, sum(it.cess) as csamt
      from ${items}
      group by it.gst_rate
    ) r
    order by ${order("d.")}, r.rt`;
}

/** Calls `visit` with each document's rows (one per rate), in the order of the query. */
export async function forEachDocument(
  tx: Transaction,
  query: SQL,
  visit: (rows: readonly DocumentRateRow[]) => Promise<void>,
): Promise<void> {
  let current: DocumentRateRow[] = [];
  await forEachBatch<DocumentRateRow>(tx, query, async (rows) => {
    for (const row of rows) {
      if (current.length > 0 && current[0]?.id !== row.id) {
        await visit(current);
        current = [];
      }
      current.push(row);
    }
  });
  if (current.length > 0) await visit(current);
}
