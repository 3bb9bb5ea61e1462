import { desc, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type Owner, ownedBy } from "./owner.js";

// Pages whose matches may be sparse among a list's newest rows. A list is ordered by id, and
// PostgreSQL finds a page by walking the primary key back from the newest row until enough match:
// for a date range long past, or a search for a name that only old products have, that is nearly
// the whole table. So such a page first reads the RECENT_ROWS_SCANNED newest rows, where
// most pages are found, and otherwise finds its matches by an index that holds them.

/**
 * RECENT_ROWS_SCANNED: how many of a list's newest rows (below its cursor) a page filtered by date or
 * by a search reads through for its matches, before it looks for them by an index instead.
 */
export const RECENT_ROWS_SCANNED = 1_000;

type ListedTable = PgTable & { accountId: PgColumn; livemode: PgColumn; id: PgColumn };

/** A table of dated documents, with an index on (account_id, livemode, date, id). */
export type DatedTable = ListedTable & { date: PgColumn };

/** Runs the caller's select of a page: rows matching `where`, newest id first, at most `limit + 1`. */
export type PageSelect<Row> = (where: SQL) => Promise<Row[]>;

interface PageQuery {
  limit: number;
  starting_after?: string | undefined;
}

export interface DatedPageQuery extends PageQuery {
  date_from?: string | undefined;
  date_to?: string | undefined;
  /** The page's other filters. */
  conditions: (SQL | undefined)[];
  /**
   * Whether one of them (a party, a number) finds few rows through an index of its own: PostgreSQL
   * then plans the page well by itself, and a look day by day would read more.
   */
  selective?: boolean;
}

/** The page's cursor as a condition: ids below it. */
export const cursorOf = (table: ListedTable, query: PageQuery) =>
  query.starting_after ? lt(table.id, query.starting_after) : undefined;

/** The page's date range as conditions, each bound when given. */
export function dateRangeOf(table: DatedTable, query: Pick<DatedPageQuery, "date_from" | "date_to">) {
  return [
    query.date_from ? gte(table.date, query.date_from) : undefined,
    query.date_to ? lte(table.date, query.date_to) : undefined,
  ];
}

/**
 * `id` among the ids `subquery` selects, found by the primary key. Written `in (…)`, a plan prepared
 * for any parameters (as named statements get after five runs) merges the two, walking the whole
 * primary key back (113,428 rows of 120,000) for 21 ids; an array is computed first, once.
 */
export function idAmong(id: PgColumn, subquery: SQL): SQL {
  return sql`${id} = any(array(${subquery}))`;
}

/**
 * A page (its rows matching `matches`, newest id first, at most `limit + 1`). With no `elsewhere`,
 * PostgreSQL's plan finds it. Otherwise it is among the `recentRows` newest rows below the cursor
 * when it is there, else the rows whose ids `elsewhere` selects below the cursor (the page's, found
 * by an index).
 */
async function recentFirst<Row>(
  table: ListedTable,
  owner: Owner,
  query: PageQuery,
  matches: (SQL | undefined)[],
  select: PageSelect<Row>,
  elsewhere: ((cursor: SQL | undefined) => SQL) | null,
  recentRows: number,
): Promise<Row[]> {
  const cursor = cursorOf(table, query);
  if (!elsewhere) return select(ownedBy(table, owner, cursor, ...matches));
  const oldestRecent = sql`coalesce((select ${table.id} from ${table} where ${ownedBy(table, owner, cursor)}
    order by ${table.id} desc offset ${recentRows - 1} limit 1), '')`;
  const recent = await select(ownedBy(table, owner, cursor, gte(table.id, oldestRecent), ...matches));
  if (recent.length > query.limit) return recent;
  return select(ownedBy(table, owner, idAmong(table.id, elsewhere(cursor))));
}

/**
 * A page of a list filtered by a date range (and `conditions`), in a time that grows with the page
 * and the range's days, not with the table: past the newest rows, each day of the range (within the
 * days the table has) gives its newest `limit + 1` matches through the date index, and the page keeps
 * the newest of all those.
 */
export function datedPage<Row>(
  table: DatedTable,
  owner: Owner,
  query: DatedPageQuery,
  select: PageSelect<Row>,
  recentRows = RECENT_ROWS_SCANNED,
): Promise<Row[]> {
  const matches = [...dateRangeOf(table, query), ...query.conditions];
  const byDay = (cursor: SQL | undefined) => sql`select page.id from
      (select greatest(${query.date_from ?? null}::date, min(${table.date})) as first,
          least(${query.date_to ?? null}::date, max(${table.date})) as last
        from ${table} where ${ownedBy(table, owner)}) as bounds
      cross join lateral generate_series(bounds.first, bounds.last, interval '1 day') as day(at)
      cross join lateral (
        select ${table.id} as id from ${table}
        where ${ownedBy(table, owner, cursor, sql`${table.date} = day.at::date`, ...matches)}
        order by ${desc(table.id)} limit ${query.limit + 1}
      ) as page
      order by page.id desc limit ${query.limit + 1}`;
  const dated = query.date_from !== undefined || query.date_to !== undefined;
  return recentFirst(
    table,
    owner,
    query,
    matches,
    select,
    dated && !query.selective ? byDay : null,
    recentRows,
  );
}

export interface SearchPageQuery extends PageQuery {
  /** A name containing the text, when the page searches. */
  search: SQL | undefined;
  /** The page's other filters. */
  conditions: (SQL | undefined)[];
  /** Whether one of them finds few rows through an index of its own, as in DatedPageQuery. */
  selective?: boolean;
}

/**
 * A page of a search (`search`, and `conditions`). Past the newest rows, every match is found
 * through the search's trigram index and the page keeps the newest: `offset 0` keeps PostgreSQL from
 * planning that as a walk back along the primary key, which it picks for any text once a named
 * statement's plan is made for any parameters (92 ms over 100,000 products).
 */
export function searchPage<Row>(
  table: ListedTable,
  owner: Owner,
  query: SearchPageQuery,
  select: PageSelect<Row>,
  recentRows = RECENT_ROWS_SCANNED,
): Promise<Row[]> {
  const matches = [query.search, ...query.conditions];
  const everyMatch = (cursor: SQL | undefined) => sql`select matching.id from
    (select ${table.id} as id from ${table} where ${ownedBy(table, owner, cursor, ...matches)} offset 0) as matching
    order by matching.id desc limit ${query.limit + 1}`;
  return recentFirst(
    table,
    owner,
    query,
    matches,
    select,
    query.search && !query.selective ? everyMatch : null,
    recentRows,
  );
}
