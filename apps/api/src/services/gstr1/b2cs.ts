import type { components } from "@bahi/contract";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { type RateAmounts, rate, rupees } from "./amounts.js";
import { invoiceLines, noteLines, type PeriodScope, periodDocuments } from "./documents.sql.js";

type B2cs = components["schemas"]["Gstr1B2cs"];

export interface B2csRow extends RateAmounts {
  readonly sply_ty: B2cs["sply_ty"];
  readonly pos: B2cs["pos"];
}

/**
 * Table 7 is summed by supply type, place and rate, net of the period's credit notes against B2CS
 * invoices (of any period): the portal has no note table for small B2C sales, so the return reports
 * them netted here, as the offline tool does. One row per (type, place, rate): small whatever the volume.
 */
export async function b2csRows(tx: Transaction, scope: PeriodScope): Promise<B2csRow[]> {
  const lineAmounts = (sign: string) =>
    sql.raw(`case d.supply_type when 'intra_state' then 'INTRA' else 'INTER' end as sply_ty,
      d.place_of_supply as pos, it.gst_rate as rt, ${sign}it.taxable_value as txval, ${sign}it.igst as iamt,
      ${sign}it.cgst as camt, ${sign}it.sgst as samt, ${sign}it.cess as csamt`);
  const result = await tx.execute(sql`with ${periodDocuments(scope)}
    select sply_ty, pos, rt::text as rt, sum(txval)::text as txval, sum(iamt)::text as iamt,
      sum(camt)::text as camt, sum(samt)::text as samt, sum(csamt)::text as csamt
    from (
      select ${lineAmounts("")} from ${invoiceLines(scope)} where d.section = 'b2cs'
      union all
      select ${lineAmounts("-")} from ${noteLines(scope)} where d.section = 'b2cs'
    ) lines
    group by sply_ty, pos, rt
    order by sply_ty desc, pos, lines.rt`);
  return rowsOf(result) as unknown as B2csRow[];
}

export function toB2cs(row: B2csRow): B2cs {
  return {
    sply_ty: row.sply_ty,
    pos: row.pos,
    typ: "OE",
    rt: rate(row.rt),
    txval: rupees(row.txval),
    iamt: rupees(row.iamt),
    camt: rupees(row.camt),
    samt: rupees(row.samt),
    csamt: rupees(row.csamt),
  };
}
