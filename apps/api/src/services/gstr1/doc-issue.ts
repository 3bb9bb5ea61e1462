import type { components } from "@bahi/contract";
import { MAX_INVOICE_NUMBER_LENGTH } from "@bahi/gst";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import type { PeriodScope } from "./documents.sql.js";

type DocIssue = components["schemas"]["Gstr1DocIssue"];
type DocKind = DocIssue["doc_det"][number]["doc_num"];

export interface SeriesRow {
  readonly doc_num: DocKind;
  readonly first: string;
  readonly last: string;
  readonly totnum: number;
  readonly cancel: number;
}

/** Table 13's document kinds: 1 invoices for outward supply, 5 credit notes. */
const INVOICES: DocKind = 1;
const CREDIT_NOTES: DocKind = 5;

/**
 * A series is the numbers that differ only in their trailing digits (the `{SEQ}` that ends Bahi's
 * templates): `INV/26-27/000001` and `INV/26-27/000042` are one series, `INV/26-27/`. Within one,
 * the shorter number comes first, then by text, which orders unpadded sequences (9 before 10) too:
 * left-padded with spaces to the longest possible number and compared byte by byte, that is min/max.
 */
function seriesOf(table: "invoices" | "credit_notes", kind: DocKind, cancelled: string, scope: PeriodScope) {
  const { owner, start, end } = scope;
  return sql`select ${sql.raw(String(kind))} as doc_num,
      rtrim(number, '0123456789') as series,
      ltrim(min(lpad(number, ${MAX_INVOICE_NUMBER_LENGTH}) collate "C")) as first,
      ltrim(max(lpad(number, ${MAX_INVOICE_NUMBER_LENGTH}) collate "C")) as last,
      count(*)::int as totnum, count(*) filter (where ${sql.raw(cancelled)})::int as cancel
    from ${sql.raw(table)}
    where account_id = ${owner.accountId} and livemode = ${owner.livemode}
      and date between ${start}::date and ${end}::date
    group by series`;
}

/** Every number issued in the period, cancelled invoices included (they count in `cancel`). */
export async function documentSeries(tx: Transaction, scope: PeriodScope): Promise<SeriesRow[]> {
  const result = await tx.execute(sql`${seriesOf("invoices", INVOICES, "status = 'cancelled'", scope)}
    union all ${seriesOf("credit_notes", CREDIT_NOTES, "false", scope)}
    order by doc_num, series`);
  return rowsOf(result) as unknown as SeriesRow[];
}

/** `doc_issue`, or null when the period issued nothing (the section needs at least one row). */
export function toDocIssue(rows: readonly SeriesRow[]): DocIssue | null {
  const kinds = [...new Set(rows.map((row) => row.doc_num))];
  if (kinds.length === 0) return null;
  return {
    doc_det: kinds.map((doc_num) => ({
      doc_num,
      docs: rows
        .filter((row) => row.doc_num === doc_num)
        .map((row, i) => ({
          num: i + 1,
          from: row.first,
          to: row.last,
          totnum: row.totnum,
          cancel: row.cancel,
          net_issue: row.totnum - row.cancel,
        })),
    })),
  };
}
