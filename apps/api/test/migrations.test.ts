import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { appliedMigrationCount, migrate, migrationCount } from "../src/db/migrate.js";
import { rowsOf } from "../src/db/rows.js";
import { createPostgresDatabase, createTestDatabase, driverUnderTest } from "./support/database.js";

describe(`migrations on ${driverUnderTest}`, () => {
  it("apply to an empty database, then do nothing on an already migrated one", async () => {
    const target =
      driverUnderTest === "pglite"
        ? await emptyPglite()
        : await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, null);
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
    const target = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, null);
    const other = await openDatabase({ driver: "postgres", url: target.url as string, poolSize: 2 });
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
