import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { appliedMigrationCount, migrate, migrationCount } from "../src/db/migrate.js";
import { rowsOf } from "../src/db/rows.js";
import { createTestDatabase, driverUnderTest } from "./support/database.js";

describe(`migrations on ${driverUnderTest}`, () => {
  it("apply to an empty database, then do nothing on an already migrated one", async () => {
    const target = driverUnderTest === "pglite" ? await emptyPglite() : await createEmptyPostgres();
    const empty = target.handle;
    expect(await appliedMigrationCount(empty)).toBe(0);
    await migrate(empty);
    expect(await appliedMigrationCount(empty)).toBe(migrationCount());
    const tables = rowsOf(
      await empty.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      ),
    ).map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(["accounts", "api_keys"]));
    await migrate(empty);
    expect(await appliedMigrationCount(empty)).toBe(migrationCount());
    await target.drop();
  });

  it("leave a copy of the migrated template fully migrated", async () => {
    const db = await createTestDatabase();
    expect(await appliedMigrationCount(db.handle)).toBe(migrationCount());
    await migrate(db.handle);
    expect(await appliedMigrationCount(db.handle)).toBe(migrationCount());
    await db.drop();
  });

  it.runIf(driverUnderTest === "postgres")("serialise two nodes migrating at once", async () => {
    const target = await createEmptyPostgres();
    const other = await openDatabase({ driver: "postgres", url: target.url, poolSize: 2 });
    await Promise.all([migrate(target.handle), migrate(other)]);
    expect(await appliedMigrationCount(target.handle)).toBe(migrationCount());
    await other.close();
    await target.drop();
  });
});

async function emptyPglite() {
  const handle = await openDatabase({ driver: "pglite", dataDir: null });
  return { handle, drop: () => handle.close() };
}

/** An empty PostgreSQL database (not copied from the migrated template). */
async function createEmptyPostgres() {
  const { default: postgres } = await import("postgres");
  const { withDatabase } = await import("./support/global-setup.js");
  const { randomBytes } = await import("node:crypto");
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `bahi_empty_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const dbUrl = withDatabase(url, name);
  const handle = await openDatabase({ driver: "postgres", url: dbUrl, poolSize: 2 });
  return {
    handle,
    url: dbUrl,
    drop: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
