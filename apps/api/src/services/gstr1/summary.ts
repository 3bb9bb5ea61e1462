import type { components } from "@bahi/contract";
import { type Gstr1Period, hasSplitHsnSummary } from "@bahi/gst";
import { sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { addRow, type RateAmounts, sectionSummary, type Totals, zeroTotals } from "./amounts.js";
import { documentSeries } from "./doc-issue.js";
import { type PeriodScope, periodDocuments } from "./documents.sql.js";
import { lineSums } from "./line-sums.js";
import { inOneSnapshot } from "./transaction.js";
import { gstr1Warnings, negativeNetWarnings } from "./warnings.js";

type Gstr1Summary = components["schemas"]["Gstr1Summary"];
type SectionName = keyof Gstr1Summary["sections"];

interface SectionTotalsRow extends Omit<RateAmounts, "rt"> {
  readonly notes: boolean;
  readonly section: string;
  readonly count: number;
}

/** Which summary section a group of documents lands in; notes against B2CS invoices are inside b2cs. */
function sectionFor(row: SectionTotalsRow): SectionName | null {
  if (!row.notes) return row.section as SectionName;
  if (row.section === "b2b") return "cdnr";
  return row.section === "b2cs" ? null : "cdnur";
}

/** Per-document sections: count and sums of the documents' own totals. */
async function documentSectionTotals(tx: Transaction, scope: PeriodScope) {
  const sums = sql.raw(`count(*)::int as count, sum(taxable_value)::text as txval, sum(igst)::text as iamt,
    sum(cgst)::text as camt, sum(sgst)::text as samt, sum(cess)::text as csamt`);
  const result = await tx.execute(sql`with ${periodDocuments(scope)}
    select false as notes, section, ${sums} from period_invoices where section <> 'b2cs' group by section
    union all
    select true, section, ${sums} from period_notes group by section`);
  return rowsOf(result) as unknown as SectionTotalsRow[];
}

/** The overview of a return: the same sections as the portal file, counted and summed, with warnings. */
export function gstr1Summary(
  db: Executor,
  header: { livemode: boolean; gstin: string },
  period: Gstr1Period,
  scope: PeriodScope,
): Promise<Gstr1Summary> {
  return inOneSnapshot(db, async (tx) => {
    const counts = new Map<SectionName, { count: number; totals: Totals }>();
    const add = (name: SectionName, count: number, row: Omit<RateAmounts, "rt">) => {
      const was = counts.get(name) ?? { count: 0, totals: zeroTotals() };
      counts.set(name, { count: was.count + count, totals: addRow(was.totals, row) });
    };
    for (const row of await documentSectionTotals(tx, scope)) {
      const name = sectionFor(row);
      if (name) add(name, row.count, row);
    }
    const split = hasSplitHsnSummary(period);
    const { b2cs, hsn } = await lineSums(tx, scope, split);
    for (const row of b2cs) add("b2cs", 1, row);
    for (const row of hsn) add("hsn", 1, row);
    const of = (name: SectionName) => {
      const entry = counts.get(name);
      return sectionSummary(entry?.count ?? 0, entry?.totals ?? zeroTotals());
    };
    const series = await documentSeries(tx, scope);
    const issued = series.reduce((n, row) => n + row.totnum, 0);
    const cancelled = series.reduce((n, row) => n + row.cancel, 0);
    return {
      object: "gstr1_summary",
      livemode: header.livemode,
      gstin: header.gstin,
      fp: period.fp,
      sections: {
        b2b: of("b2b"),
        b2cl: of("b2cl"),
        b2cs: of("b2cs"),
        cdnr: of("cdnr"),
        cdnur: of("cdnur"),
        exp: of("exp"),
        hsn: of("hsn"),
      },
      doc_issue: { issued, cancelled, net_issued: issued - cancelled },
      warnings: [...(await gstr1Warnings(tx, scope)), ...negativeNetWarnings(b2cs, hsn, split)],
    };
  });
}
