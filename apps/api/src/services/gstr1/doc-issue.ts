import type { components } from "@bahi/contract";
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

/** Table 13's document kinds: 1 invoices for outward supply, 4 debit notes, 5 credit notes. */
const INVOICES: DocKind = 1;
const DEBIT_NOTES: DocKind = 4;
const CREDIT_NOTES: DocKind = 5;

/** Digits of the largest `seq` (an integer), to which it is left-padded in the keys below. */
const SEQ_DIGITS = 10;

/**
 * A series is the documents written in one number format (a change of format, even of `{SEQ}`'s
 * width alone, starts another), reported from the number of its lowest serial to that of its
 * highest. The serial, zero-padded to a fixed width, leads a key that ends with the number, so that
 * min and max find both in one pass, without sorting the period's documents.
 */
function seriesOf(
  table: "invoices" | "credit_notes" | "debit_notes",
  kind: DocKind,
  cancelled: string,
  scope: PeriodScope,
) {
  const { owner, start, end } = scope;
  const key = sql.raw(`(lpad(seq::text, ${SEQ_DIGITS}, '0') || number) collate "C"`);
  return sql`select ${sql.raw(String(kind))} as doc_num, number_format, min(seq) as lowest,
      substr(min(${key}), ${SEQ_DIGITS + 1}) as first, substr(max(${key}), ${SEQ_DIGITS + 1}) as last,
      count(*)::int as totnum, count(*) filter (where ${sql.raw(cancelled)})::int as cancel
    from ${sql.raw(table)}
    where account_id = ${owner.accountId} and livemode = ${owner.livemode}
      and date between ${start}::date and ${end}::date
    group by number_format`;
}

/** Every number issued in the period, cancelled invoices included (they count in `cancel`). */
export async function documentSeries(tx: Transaction, scope: PeriodScope): Promise<SeriesRow[]> {
  const result = await tx.execute(sql`${seriesOf("invoices", INVOICES, "status = 'cancelled'", scope)}
    union all ${seriesOf("debit_notes", DEBIT_NOTES, "false", scope)}
    union all ${seriesOf("credit_notes", CREDIT_NOTES, "false", scope)}
    order by doc_num, lowest, number_format`);
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
