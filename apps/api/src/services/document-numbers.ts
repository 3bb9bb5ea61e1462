import { financialYearOf, formatSeriesNumber, isGstError } from "@bahi/gst";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { documentSeries } from "../db/schema.js";
import { conflict } from "../errors.js";
import type { Owner } from "./owner.js";

export interface NumberingPolicy {
  format: string;
  reset: "yearly" | "never";
}

/**
 * The next number of a series, taken inside the document's transaction: the counter row stays
 * locked until commit, so concurrent documents queue for consecutive numbers, and a rolled-back
 * document gives its number back (no gap). Call it as late in the transaction as possible.
 */
export async function nextDocumentNumber(
  tx: Executor,
  owner: Owner,
  kind: "invoice" | "credit_note",
  policy: NumberingPolicy,
  date: string,
): Promise<{ number: string; financialYear: string }> {
  const financialYear = financialYearOf(date);
  const [row] = await tx
    .insert(documentSeries)
    .values({
      accountId: owner.accountId,
      livemode: owner.livemode,
      kind,
      period: policy.reset === "yearly" ? financialYear : "all",
      lastSeq: 1,
    })
    .onConflictDoUpdate({
      target: [documentSeries.accountId, documentSeries.livemode, documentSeries.kind, documentSeries.period],
      set: { lastSeq: sql`${documentSeries.lastSeq} + 1` },
    })
    .returning({ seq: documentSeries.lastSeq });
  if (!row) throw new Error("the series returned no number");
  try {
    return { number: formatSeriesNumber(policy.format, { financialYear, seq: row.seq }), financialYear };
  } catch (error) {
    if (!isGstError(error)) throw error;
    throw conflict(
      "number_format_exhausted",
      `Document number ${row.seq} does not fit the format ${policy.format} (${error.message}); choose a wider format.`,
    );
  }
}
