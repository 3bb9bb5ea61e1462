import { MAX_HSN_DESCRIPTION_LENGTH, UQC_NOT_APPLICABLE } from "@bahi/gst";
import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import type { B2csRow } from "./b2cs.js";
import { invoiceLines, noteLines, type PeriodScope, periodDocuments } from "./documents.sql.js";
import type { HsnRow } from "./hsn.js";

/**
 * The two sections summed over lines, b2cs and hsn, in one scan of the period's lines (grouping sets):
 * both are small (one row per key) whatever the number of documents.
 *
 * - b2cs (table 7) by supply type, place and rate, net of the period's credit and debit notes against
 *   B2CS invoices (of any period): the portal has no note table for small B2C sales, so the return
 *   reports them netted here, as the offline tool does.
 * - hsn (table 12) by HSN, unit and rate (and by buyer kind when `split`), net of every credit and
 *   debit note of the period, quantities included (a debit note has none): the portal checks table
 *   12 against the tax of tables 4–9 net of notes. Services (unit `NA`) report quantity 0. Lines
 *   without an HSN code cannot be reported; the summary's warnings name them.
 *
 * Being net, a row is negative when the period's notes for its key exceed the period's sales (an
 * October sale returned in November, nothing like it sold in November). That is the true figure and
 * the portal takes it; the summary asks for a look at it (`negative_net_value`).
 */
export async function lineSums(
  tx: Transaction,
  scope: PeriodScope,
  split: boolean,
): Promise<{ b2cs: B2csRow[]; hsn: HsnRow[] }> {
  const line = (sign: string) =>
    sql.raw(`case when d.section = 'b2cs' then case d.supply_type when 'intra_state' then 'INTRA' else 'INTER' end end as sply_ty,
      d.place_of_supply as pos, ${split ? "d.ctin is not null" : "false"} as registered,
      it.hsn_code, it.unit, it.gst_rate, it.description,
      case when it.unit = '${UQC_NOT_APPLICABLE}' then 0 else ${sign}coalesce(it.qty, 0) end as qty,
      ${sign}it.taxable_value as txval, ${sign}it.igst as iamt, ${sign}it.cgst as camt,
      ${sign}it.sgst as samt, ${sign}it.cess as csamt`);
  const result = await tx.execute(sql`with ${periodDocuments(scope)}
    select grouping(sply_ty) = 0 as is_b2cs, sply_ty, pos, registered, hsn_code as hsn_sc, unit as uqc,
      gst_rate::text as rt, left(min(description), ${MAX_HSN_DESCRIPTION_LENGTH}) as description,
      sum(qty)::text as qty, sum(txval)::text as txval, sum(iamt)::text as iamt, sum(camt)::text as camt,
      sum(samt)::text as samt, sum(csamt)::text as csamt
    from (
      select ${line("")} from ${invoiceLines(scope)}
      union all
      select ${line("d.sign * ")} from ${noteLines(scope)}
    ) lines
    group by grouping sets ((sply_ty, pos, gst_rate), (registered, hsn_code, unit, gst_rate))
    order by is_b2cs desc, sply_ty desc, pos, registered desc, hsn_code, unit, gst_rate`);
  const rows = rowsOf(result) as unknown as (B2csRow & HsnRow & { is_b2cs: boolean })[];
  return {
    b2cs: rows.filter((row) => row.is_b2cs && row.sply_ty !== null),
    hsn: rows.filter((row) => !row.is_b2cs && row.hsn_sc !== null),
  };
}
