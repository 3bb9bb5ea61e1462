import type { components } from "@bahi/contract";
import { MAX_HSN_DESCRIPTION_LENGTH, UQC_NOT_APPLICABLE } from "@bahi/gst";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { quantity, type RateAmounts, rate, rupees } from "./amounts.js";
import { invoiceLines, noteLines, type PeriodScope, periodDocuments } from "./documents.sql.js";

type Schemas = components["schemas"];

export interface HsnRow extends RateAmounts {
  /** To a registered buyer: the row belongs to `hsn_b2b` where the summary is split. */
  readonly registered: boolean;
  readonly hsn_sc: string;
  readonly uqc: Schemas["ProductUnit"];
  readonly description: string;
  readonly qty: string;
}

/**
 * Table 12, summed by HSN, unit and rate (and by buyer kind when `split`). Credit notes of the period
 * are subtracted, quantities included: the portal checks table 12 against the tax of tables 4–9 net of
 * notes, so the summary must be net too. Services (unit `NA`) report quantity 0. Lines without an HSN
 * code cannot be reported; the summary's warnings name them.
 */
export async function hsnRows(tx: Transaction, scope: PeriodScope, split: boolean): Promise<HsnRow[]> {
  const lineAmounts = (sign: string) =>
    sql.raw(`d.ctin is not null as registered, it.hsn_code, it.unit, it.gst_rate, it.description,
      case when it.unit = '${UQC_NOT_APPLICABLE}' then 0 else ${sign}coalesce(it.qty, 0) end as qty,
      ${sign}it.taxable_value as txval, ${sign}it.igst as iamt, ${sign}it.cgst as camt,
      ${sign}it.sgst as samt, ${sign}it.cess as csamt`);
  const registered = split ? sql`registered` : sql`false`;
  const result = await tx.execute(sql`with ${periodDocuments(scope)}
    select ${registered} as registered, hsn_code as hsn_sc, unit as uqc, gst_rate::text as rt,
      left(min(description), ${MAX_HSN_DESCRIPTION_LENGTH}) as description, sum(qty)::text as qty,
      sum(txval)::text as txval, sum(iamt)::text as iamt, sum(camt)::text as camt,
      sum(samt)::text as samt, sum(csamt)::text as csamt
    from (
      select ${lineAmounts("")} from ${invoiceLines(scope)}
      union all
      select ${lineAmounts("-")} from ${noteLines(scope)}
    ) lines
    where hsn_code is not null
    group by 1, hsn_code, unit, gst_rate
    order by 1 desc, hsn_code, unit, gst_rate`);
  return rowsOf(result) as unknown as HsnRow[];
}

function toHsnRow(row: HsnRow, num: number): Schemas["Gstr1HsnRow"] {
  return {
    num,
    hsn_sc: row.hsn_sc,
    desc: row.description,
    uqc: row.uqc,
    qty: quantity(row.qty),
    rt: rate(row.rt),
    txval: rupees(row.txval),
    iamt: rupees(row.iamt),
    camt: rupees(row.camt),
    samt: rupees(row.samt),
    csamt: rupees(row.csamt),
  };
}

/** The `hsn` section in the form of the period: `{data}`, or `{hsn_b2b, hsn_b2c}` once split. */
export function toHsnSection(
  rows: readonly HsnRow[],
  split: boolean,
): Schemas["Gstr1HsnData"] | Schemas["Gstr1HsnSplit"] {
  const numberedRows = (list: readonly HsnRow[]) => list.map((row, i) => toHsnRow(row, i + 1));
  if (!split) return { data: numberedRows(rows) };
  return {
    hsn_b2b: numberedRows(rows.filter((row) => row.registered)),
    hsn_b2c: numberedRows(rows.filter((row) => !row.registered)),
  };
}
