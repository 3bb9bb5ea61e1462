import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { type DiskLog, openOnDisk, PgliteOnDisk } from "./pglite-disk.js";
import * as schema from "./schema.js";

export type Schema = typeof schema;
/** The pool (or the single PGlite connection): use it only to start work, never inside a transaction. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: what repositories take, so that no query escapes the transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

export type DatabaseTarget = (
  | {
      readonly driver: "pglite";
      readonly dataDir: string | null;
      readonly snapshot?: Blob;
      /** Told when writes are refused for a full disk, and when the database stops or reopens. */
      readonly log?: DiskLog;
    }
  | { readonly driver: "postgres"; readonly url: string; readonly poolSize: number }
) & {
  /** Told the text of every statement sent, through the driver's own hook (tests count them). */
  readonly onStatement?: (text: string) => void;
};

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseTarget["driver"];
  /** The PGlite instance of the moment (a full disk may replace it), for snapshots in tests; null on PostgreSQL. */
  readonly pglite: PGlite | null;
  /** The postgres.js pool; null on PGlite. */
  readonly sql: postgres.Sql | null;
  /** Where short reads are pipelined (see POINT_READ_CONNECTIONS); on PGlite, `db` itself. */
  readonly pointReads: Database;
  close(): Promise<void>;
}

/**
 * The pool as drizzle should see it: every statement that has parameters is sent as a named
 * statement that postgres.js keeps per connection. drizzle asks for an unnamed one unless a query
 * was `.prepare()`d, and postgres.js sends an unnamed statement with parameters in two round trips
 * (it learns the parameters' types first) and pipelines nothing behind it on that connection. A
 * create of an invoice took some twenty round trips that way, several of them while holding the
 * series and stock locks. A named statement is described once per connection, then bound and run
 * in one message with the others. Statement texts must therefore not vary without bound (a name,
 * an id spelt into the SQL): each would be kept until postgres.js recycles the connection (within an
 * hour). Lists bounded by the API's limits (`in (…)` of a page's ids) vary within those bounds.
 */
function namedStatements(sql: postgres.Sql): postgres.Sql {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: object) =>
          target.unsafe(query, parameters, parameters?.length ? { ...options, prepare: true } : options);
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const work = args.pop() as (client: postgres.Sql) => unknown;
          const start = Reflect.get(target, property) as (...a: unknown[]) => unknown;
          return start(...args, (client: postgres.Sql) => work(namedStatements(client)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * lz4 for the values PostgreSQL compresses (TOAST) where the server has it: an invoice's row (its
 * signed JWTs, its INV-01) and its event are several kB each, compressed as they are written, and
 * pglz was PostgreSQL's largest single cost in an invoice create. lz4 compresses several times as
 * fast, for slightly larger values. Asked first, because a connection that names a method the
 * server was built without is refused.
 */
async function toastCompression(url: string): Promise<Record<string, string>> {
  const probe = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await probe`select 'lz4' = any(enumvals) as lz4 from pg_settings
      where name = 'default_toast_compression'`;
    return row?.lz4 ? { default_toast_compression: "lz4" } : {};
  } finally {
    await probe.end();
  }
}

/**
 * POINT_READ_CONNECTIONS: connections of their own, beside the pool, for reads that take a fraction
 * of a millisecond (one row by its key). Spread over the pool, each such read woke a connection of
 * its own: one write to the socket from Node, one backend scheduled, on a machine with two cores.
 * Queued on two, postgres.js pipelines the reads that arrive together into one write, and a backend
 * answers a batch of them in one wake-up (what it buys: speed/README.md). Only reads that never wait for a lock
 * belong here, since each waits behind the ones sent before it on its connection.
 */
export const POINT_READ_CONNECTIONS = 2;

/**
 * DATABASE_CONNECT_TIMEOUT_S: how long opening a connection may take before it fails (postgres.js
 * waits 30 s by default). As PostgreSQL restarts, a connection attempt can go unanswered and wait on
 * the kernel's retries of its SYN (1, 3, 7, 15 s): requests then hung 13 to 18 s where a failed
 * attempt answers 503 and the next one finds the server up.
 */
export const DATABASE_CONNECT_TIMEOUT_S = 3;

/**
 * DATABASE_RECONNECT_MAX_DELAY_S: the longest a connection of the pool waits before it opens again
 * after a failure. postgres.js waits 3^n / 100 s after the pool's n-th failure in a row, up to 20 s,
 * and a query that finds every connection closed waits out that delay, with no connect timeout:
 * after a restart of PostgreSQL (a dozen failures while it was down), creates sent as it came back
 * waited 10 to 20 s for a database that was up. Here the delay doubles from 50 ms up to this bound;
 * while the database is down, each attempt fails at once and answers 503.
 */
export const DATABASE_RECONNECT_MAX_DELAY_S = 1;

/** The delay, in seconds, before the pool's connections open again after `failures` in a row, with jitter. */
export function reconnectDelay(failures: number): number {
  return Math.min(0.05 * 2 ** failures, DATABASE_RECONNECT_MAX_DELAY_S) * (0.5 + Math.random() / 2);
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === "pglite") {
    // Loaded only when used: a server on PostgreSQL does not carry the embedded database's code.
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
    ]);
    // A reopen (db/pglite-disk.ts) finds the directory as it was left: it loads no snapshot.
    const open = (snapshot: Blob | undefined) =>
      PGlite.create({
        ...(target.dataDir ? { dataDir: target.dataDir } : {}),
        ...(snapshot ? { loadDataDir: snapshot } : {}),
        // The search indexes of products and parties (migration 0021).
        extensions: { pg_trgm },
      });
    // On disk, kept usable through a full disk (db/pglite-disk.ts); in memory, as it is.
    let onDisk: PgliteOnDisk | null = null;
    let inMemory: PGlite | null = null;
    if (target.dataDir) {
      const dataDir = target.dataDir;
      onDisk = new PgliteOnDisk(
        await openOnDisk(dataDir, () => open(target.snapshot)),
        dataDir,
        () => open(undefined),
        target.log,
      );
    } else {
      inMemory = await open(target.snapshot);
    }
    const client = onDisk ? onDisk.client : (inMemory as PGlite);
    const onStatement = target.onStatement;
    if (onStatement) {
      // PGlite has no debug hook: its two ways of sending SQL are wrapped instead.
      const query = client.query.bind(client);
      const exec = client.exec.bind(client);
      client.query = ((
        text: string,
        ...rest: Parameters<typeof query> extends [string, ...infer R] ? R : never
      ) => {
        onStatement(text);
        return query(text, ...rest);
      }) as typeof client.query;
      client.exec = ((
        text: string,
        ...rest: Parameters<typeof exec> extends [string, ...infer R] ? R : never
      ) => {
        onStatement(text);
        return exec(text, ...rest);
      }) as typeof client.exec;
    }
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      db,
      driver: "pglite",
      get pglite() {
        return onDisk ? onDisk.instance : inMemory;
      },
      sql: null,
      pointReads: db,
      close: () => (onDisk ? onDisk.close() : (inMemory as PGlite).close()),
    };
  }
  // JIT off: PostgreSQL compiles a statement whose estimated cost passes jit_above_cost, and the
  // API's costliest estimates are guesses (a page found day by day, costed at a thousand days; a
  // GSTR-1 month's sort) whose compilation took longer than the statement ran (362 ms for a 2 ms page).
  const connection = { application_name: "bahi", jit: "off", ...(await toastCompression(target.url)) };
  const debug = target.onStatement
    ? (_connection: number, text: string) => target.onStatement?.(text)
    : undefined;
  const sql = postgres(target.url, {
    max: target.poolSize,
    onnotice: () => {},
    connect_timeout: DATABASE_CONNECT_TIMEOUT_S,
    backoff: reconnectDelay,
    connection,
    ...(debug ? { debug } : {}),
  });
  const readSql = postgres(target.url, {
    max: POINT_READ_CONNECTIONS,
    onnotice: () => {},
    connect_timeout: DATABASE_CONNECT_TIMEOUT_S,
    backoff: reconnectDelay,
    ...(debug ? { debug } : {}),
    connection: { ...connection, application_name: "bahi point reads" },
  });
  return {
    db: drizzlePostgres({ client: namedStatements(sql), schema }) as unknown as Database,
    driver: "postgres",
    pglite: null,
    sql,
    pointReads: drizzlePostgres({ client: namedStatements(readSql), schema }) as unknown as Database,
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), readSql.end({ timeout: 5 })]);
    },
  };
}
