import { desc, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type Owner, ownedBy } from "./owner.js";

/**
 * RECENT_ROWS_SCANNED: how many of a list's newest rows (below its cursor) a page filtered by date
 * reads through for its matches, before it looks for them day by day instead.
 */
export const RECENT_ROWS_SCANNED = 1_000;

/** A table of dated documents, with an index on (account_id, livemode, date, id). */
export type DatedTable = PgTable & { accountId: PgColumn; livemode: PgColumn; id: PgColumn; date: PgColumn };

export interface DatedPageQuery {
  limit: number;
  startingAfter?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** The page's other filters. */
  conditions: (SQL | undefined)[];
  /**
   * Whether one of them (a party, a number) finds few rows through an index of its own: PostgreSQL
   * then plans the page well by itself, and a look day by day would read more.
   */
  selective?: boolean;
}

/**
 * Runs the caller's select of a page: rows matching `where`, newest id first, at most `limit + 1`.
 */
export type PageSelect<Row> = (where: SQL) => Promise<Row[]>;

/**
 * The rows of a page (limit + 1 of them, newest id first) of a list filtered by a date range, in a
 * time that grows with the page and the range's days, not with the table.
 *
 * Ordered by id, PostgreSQL finds a page by walking the newest rows back until enough match: for a
 * range long past, that is nearly the whole table (110,137 rows for the first month of a year of
 * 120,000 invoices: BENCHMARKS.md, "Invoice lists over a year"). So the page first reads the
 * RECENT_ROWS_SCANNED newest rows; a range among them is found there. Otherwise each day of the
 * range (within the days the table has) gives its newest `limit + 1` matches through the date index,
 * and the page keeps the newest of all those.
 */
export async function datedPage<Row>(
  table: DatedTable,
  owner: Owner,
  query: DatedPageQuery,
  select: PageSelect<Row>,
  recentRows = RECENT_ROWS_SCANNED,
): Promise<Row[]> {
  const cursor = query.startingAfter ? lt(table.id, query.startingAfter) : undefined;
  const matches = [
    cursor,
    query.dateFrom ? gte(table.date, query.dateFrom) : undefined,
    query.dateTo ? lte(table.date, query.dateTo) : undefined,
    ...query.conditions,
  ];
  if (query.selective || (!query.dateFrom && !query.dateTo)) return select(ownedBy(table, owner, ...matches));
  const oldestRecent = sql`coalesce((select ${table.id} from ${table} where ${ownedBy(table, owner, cursor)}
    order by ${table.id} desc offset ${recentRows - 1} limit 1), '')`;
  const recent = await select(ownedBy(table, owner, gte(table.id, oldestRecent), ...matches));
  if (recent.length > query.limit) return recent;
  return select(ownedBy(table, owner, idAmong(table.id, idsDayByDay(table, owner, query, matches))));
}

/**
 * `id` among the ids `subquery` selects, found by the primary key. Written `in (…)`, a plan prepared
 * for any parameters (as named statements get after five runs) merges the two, walking the whole
 * primary key back (113,428 rows of 120,000) for 21 ids; an array is computed first, once.
 */
export function idAmong(id: PgColumn, subquery: SQL): SQL {
  return sql`${id} = any(array(${subquery}))`;
}

/** The page's ids, found day by day. */
function idsDayByDay(
  table: DatedTable,
  owner: Owner,
  query: DatedPageQuery,
  matches: (SQL | undefined)[],
): SQL {
  return sql`select page.id from
    (select greatest(${query.dateFrom ?? null}::date, min(${table.date})) as first,
        least(${query.dateTo ?? null}::date, max(${table.date})) as last
      from ${table} where ${ownedBy(table, owner)}) as bounds
    cross join lateral generate_series(bounds.first, bounds.last, interval '1 day') as day(at)
    cross join lateral (
      select ${table.id} as id from ${table}
      where ${ownedBy(table, owner, sql`${table.date} = day.at::date`, ...matches)}
      order by ${desc(table.id)} limit ${query.limit + 1}
    ) as page
    order by page.id desc limit ${query.limit + 1}`;
}
