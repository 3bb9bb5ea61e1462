import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema.js";

export type Schema = typeof schema;
/** The pool (or the single PGlite connection): use it only to start work, never inside a transaction. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: what repositories take, so that no query escapes the transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

export type DatabaseTarget =
  | { readonly driver: "pglite"; readonly dataDir: string | null; readonly snapshot?: Blob }
  | { readonly driver: "postgres"; readonly url: string; readonly poolSize: number };

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseTarget["driver"];
  /** The PGlite instance, for snapshots in tests; null on PostgreSQL. */
  readonly pglite: PGlite | null;
  /** The postgres.js pool; null on PGlite. */
  readonly sql: postgres.Sql | null;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === "pglite") {
    // Loaded only when used: a server on PostgreSQL does not carry the embedded database's code.
    const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
    ]);
    const pglite = await PGlite.create({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.snapshot ? { loadDataDir: target.snapshot } : {}),
    });
    return {
      db: drizzlePglite({ client: pglite, schema }) as unknown as Database,
      driver: "pglite",
      pglite,
      sql: null,
      close: () => pglite.close(),
    };
  }
  const sql = postgres(target.url, {
    max: target.poolSize,
    onnotice: () => {},
    connection: { application_name: "bahi" },
  });
  return {
    db: drizzlePostgres({ client: sql, schema }) as unknown as Database,
    driver: "postgres",
    pglite: null,
    sql,
    close: () => sql.end({ timeout: 5 }),
  };
}
