import { financialYearOf, formatSeriesNumber, isGstError } from "@bahi/gst";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { creditNotes, debitNotes, documentSeries, invoices } from "../../db/schema.js";
import type { Bindable } from "../../speed/built-statement.js";
import { conflict } from "../../values/problem.js";
import { type Owner, ownedBy } from "./owner.js";

export type DocumentKind = "invoice" | "credit_note" | "debit_note";

export interface NumberingPolicy {
  format: string;
  reset: "yearly" | "never";
}

export interface DocumentNumber {
  number: string;
  financialYear: string;
  seq: number;
  /** The format `number` was written in, which GSTR-1 reports as a series of its own. */
  format: string;
}

/** The counter a document of `date` draws from: one per financial year, or one for all time. */
export function seriesPeriod(policy: NumberingPolicy, date: string): string {
  return policy.reset === "yearly" ? financialYearOf(date) : "all";
}

/** Names a series across accounts and modes, for what a node remembers of it. */
export function seriesKey(owner: Owner, kind: DocumentKind, period: string): string {
  return `${owner.accountId}:${owner.livemode}:${kind}:${period}`;
}

/** The number `seq` of the series, written in the account's format. */
export function formatDocumentNumber(policy: NumberingPolicy, date: string, seq: number): DocumentNumber {
  const financialYear = financialYearOf(date);
  try {
    const number = formatSeriesNumber(policy.format, { financialYear, seq });
    return { number, financialYear, seq, format: policy.format };
  } catch (error) {
    if (!isGstError(error)) throw error;
    throw conflict(
      "number_format_exhausted",
      `Document number ${seq} does not fit the format ${policy.format} (${error.message}); choose a wider format.`,
    );
  }
}

const documentsOf = { invoice: invoices, credit_note: creditNotes, debit_note: debitNotes } as const;

/** Whether a document of `kind` already has `taken`'s number in its financial year. */
async function numberInUse(tx: Executor, owner: Owner, kind: DocumentKind, taken: DocumentNumber) {
  const table = documentsOf[kind];
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      ownedBy(table, owner, eq(table.financialYear, taken.financialYear), eq(table.number, taken.number)),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The next number of a series, taken inside the document's transaction: the counter row stays
 * locked until commit, so concurrent documents queue for consecutive numbers, and a rolled-back
 * document gives its number back (no gap). Call it as late in the transaction as possible. A number
 * some document already has is passed over: a create that read the account's numbering before a
 * change of `number_reset` committed draws from the counter the change left behind (see
 * reseedSeries), and its number would otherwise stop every later document of the series.
 */
export async function nextDocumentNumber(
  tx: Executor,
  owner: Owner,
  kind: DocumentKind,
  policy: NumberingPolicy,
  date: string,
): Promise<DocumentNumber> {
  for (;;) {
    const [row] = await tx
      .insert(documentSeries)
      .values({
        accountId: owner.accountId,
        livemode: owner.livemode,
        kind,
        period: seriesPeriod(policy, date),
        lastSeq: 1,
      })
      .onConflictDoUpdate({
        target: [
          documentSeries.accountId,
          documentSeries.livemode,
          documentSeries.kind,
          documentSeries.period,
        ],
        set: { lastSeq: sql`${documentSeries.lastSeq} + 1` },
      })
      .returning({ seq: documentSeries.lastSeq });
    if (!row) throw new Error("the series returned no number");
    const taken = formatDocumentNumber(policy, date, row.seq);
    if (!(await numberInUse(tx, owner, kind, taken))) return taken;
  }
}

/**
 * When an account's `number_reset` changes, starts the counters it will now draw from after every
 * number already issued that they could repeat: from yearly to never, the one counter of all years
 * after the highest of the yearly ones; from never to yearly, the counter of each financial year that
 * has documents after the counter of all years (numbers issued under it may be in any such year). A
 * year without documents starts at 1. The account's counters are locked first, so that the documents
 * being numbered meanwhile are counted.
 */
export async function reseedSeries(tx: Executor, accountId: string, reset: NumberingPolicy["reset"]) {
  await tx.execute(sql`select 1 from ${documentSeries} where account_id = ${accountId} for update`);
  const seeds =
    reset === "never"
      ? sql`select livemode, kind, 'all' as period, max(last_seq) as last_seq from ${documentSeries}
          where account_id = ${accountId} and period <> 'all' group by livemode, kind`
      : sql`select s.livemode, s.kind, d.financial_year as period, s.last_seq from ${documentSeries} s
          join (
            select distinct livemode, 'invoice' as kind, financial_year from ${invoices}
              where account_id = ${accountId}
            union
            select distinct livemode, 'credit_note' as kind, financial_year from ${creditNotes}
              where account_id = ${accountId}
            union
            select distinct livemode, 'debit_note' as kind, financial_year from ${debitNotes}
              where account_id = ${accountId}
          ) d on d.livemode = s.livemode and d.kind = s.kind
          where s.account_id = ${accountId} and s.period = 'all'`;
  await tx.execute(sql`insert into ${documentSeries} (account_id, livemode, kind, period, last_seq)
    select ${accountId}, seed.livemode, seed.kind, seed.period, seed.last_seq from (${seeds}) seed
    on conflict (account_id, livemode, kind, period)
      do update set last_seq = greatest(${documentSeries.lastSeq}, excluded.last_seq)`);
}

/**
 * The CTEs `series` and `claimed` of a statement that takes `seq` if it is the series' next number,
 * locking the counter like nextDocumentNumber; `claimed` has a row only then. A document still in
 * flight with the number before it holds the lock: the claim waits for it, then reads the counter as
 * that document left it (a locking read sees the latest version, where a plain read in the same
 * statement would still see the one before and miss), so consecutive guesses succeed one after the
 * other. `after` is evaluated before the counter is locked: a statement that takes other locks puts
 * them there, so that every writer takes its locks in one order (a document's products, then its
 * series) and none waits for another in a cycle.
 */
export function claimCtes(
  owner: Bindable<Owner>,
  { kind, period, seq }: Bindable<SeriesClaim>,
  after: SQL = sql`true`,
): SQL {
  const series = sql`account_id = ${owner.accountId} and livemode = ${owner.livemode} and kind = ${kind}
      and period = ${period}`;
  return sql`series as materialized (
      select last_seq from ${documentSeries} where ${series} and ${after} for no key update
    ),
    claimed as (
      update ${documentSeries} set last_seq = ${seq}::integer
      where ${series} and (select last_seq from series) = ${seq}::integer - 1
      returning last_seq
    )`;
}

/** The number claimCtes takes: `seq` of the series of `kind` in `period`. */
export interface SeriesClaim {
  kind: DocumentKind;
  period: string;
  seq: number;
}
