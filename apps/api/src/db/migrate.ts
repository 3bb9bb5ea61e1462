import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { DatabaseHandle } from "./client.js";
import { rowsOf } from "./rows.js";

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Any constant works; it only has to differ from other advisory locks taken on the same database. */
const MIGRATION_LOCK_ID = 4_242_001;

interface Journal {
  entries: { tag: string }[];
}

export function migrationCount(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8")) as Journal;
  return journal.entries.length;
}

/**
 * Applies pending migrations. On PostgreSQL several nodes may start at once, and drizzle's migrator
 * has no lock of its own, so the whole run holds a session-level advisory lock on one reserved
 * connection while the migrator works on another (hence a pool of at least two).
 */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.pglite) {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!handle.sql) throw new Error("database handle has neither driver");
  const connection = await handle.sql.reserve();
  try {
    await connection`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await migratePostgres(handle.db as unknown as PostgresJsDatabase, { migrationsFolder });
    } finally {
      await connection`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    }
  } finally {
    connection.release();
  }
}

/** How many migrations the database has applied (0 when it has never been migrated). */
export async function appliedMigrationCount(handle: DatabaseHandle): Promise<number> {
  const exists = await handle.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (rowsOf(exists)[0]?.t == null) return 0;
  const result = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}
