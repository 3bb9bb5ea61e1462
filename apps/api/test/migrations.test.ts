import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { appliedMigrationCount, migrate, migrationCount, migrationsFolder } from "../src/db/migrate.js";
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

  it("give documents issued before 0011_series_position their numbers' trailing digits as serial and format", async () => {
    const target = await emptyDatabase();
    const { db } = target.handle;
    await migrateThrough(target.handle, "0010_einvoice_as_sent");
    const numbers = ["INV/25-26/000009", "INV/25-26/10", "1/25-26", "ABC", "2025-26000000001"];
    for (const [i, number] of numbers.entries()) {
      await db.execute(sql`insert into invoices (account_id, livemode, id, number, financial_year, date, status,
          party_id, party, place_of_supply, supply_type, reverse_charge, sgst_label, taxable_value, cgst, sgst,
          igst, cess, round_off, total)
        values ('acct_1', false, ${`inv_${i}`}, ${number}, '2025-26', '2025-06-02', 'issued', 'pty_1', '{}', '29',
          'intra_state', false, 'SGST', 100, 9, 9, 0, 0, 0, 118)`);
    }
    await db.execute(sql`insert into credit_notes (account_id, livemode, id, number, financial_year, date,
        invoice_id, party_id, reason, restock, place_of_supply, supply_type, reverse_charge, sgst_label,
        taxable_value, cgst, sgst, igst, cess, round_off, total, credited_to_party, refund_due)
      values ('acct_1', false, 'crn_1', 'CN/25-26/000002', '2025-26', '2025-06-03', 'inv_0', 'pty_1',
        'other', false, '29', 'intra_state', false, 'SGST', 100, 9, 9, 0, 0, 0, 118, 118, 0)`);
    await migrate(target.handle);
    const positions = sql`select number, seq, number_format from invoices
      union all select number, seq, number_format from credit_notes order by number`;
    expect(rowsOf(await db.execute(positions))).toEqual([
      { number: "1/25-26", seq: 26, number_format: "1/25-{SEQ}" },
      // Nine digits at most: an integer holds them.
      { number: "2025-26000000001", seq: 1, number_format: "2025-26{SEQ}" },
      { number: "ABC", seq: 0, number_format: "ABC{SEQ}" },
      { number: "CN/25-26/000002", seq: 2, number_format: "CN/25-26/{SEQ}" },
      { number: "INV/25-26/000009", seq: 9, number_format: "INV/25-26/{SEQ}" },
      { number: "INV/25-26/10", seq: 10, number_format: "INV/25-26/{SEQ}" },
    ]);
    await target.drop();
  });

  it("compress large values with lz4 where the server has it (PostgreSQL here), pglz on PGlite", async () => {
    const db = await createTestDatabase();
    const { db: drizzle } = db.handle;
    // Over 2 kB, so PostgreSQL compresses it; repetitive, so the compressed value is kept.
    const document = JSON.stringify({
      object: { lines: Array.from({ length: 200 }, (_, i) => ({ line: i })) },
    });
    await drizzle.execute(sql`insert into events (account_id, livemode, id, type, data)
      values ('acct_1', false, 'evt_1', 'invoice.created', ${document}::jsonb)`);
    const [row] = rowsOf(
      await drizzle.execute(sql`select pg_column_compression(data) as method from events where id = 'evt_1'`),
    );
    expect(row?.method).toBe(driverUnderTest === "postgres" ? "lz4" : "pglz");
    await db.drop();
  });

  it("give products whose rates changed before 0016 the date of their last change", async () => {
    const target = await emptyDatabase();
    const { db } = target.handle;
    await migrateThrough(target.handle, "0015_export_shipping_bills");
    for (const id of ["prd_changed", "prd_same"]) {
      await db.execute(sql`insert into products
          (account_id, livemode, id, sku, name, price, gst_rate, unit, track_stock)
        values ('acct_1', false, ${id}, ${id}, 'Pen', 10, 5, 'NOS', false)`);
    }
    await db.execute(sql`insert into product_rate_history
        (account_id, livemode, product_id, valid_until, gst_rate, cess_rate)
      values ('acct_1', false, 'prd_changed', '2025-09-22', 12, 0), ('acct_1', false, 'prd_changed', '2026-11-01', 18, 0)`);
    await migrate(target.handle);
    expect(
      rowsOf(await db.execute(sql`select id, rates_effective_from::text from products order by id`)),
    ).toEqual([
      { id: "prd_changed", rates_effective_from: "2026-11-01" },
      { id: "prd_same", rates_effective_from: null },
    ]);
    await target.drop();
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

function emptyDatabase() {
  return driverUnderTest === "pglite"
    ? emptyPglite()
    : createPostgresDatabase(process.env.TEST_DATABASE_URL as string, null);
}

/** Applies the migrations up to and including `tag`, from a copy of the folder that ends there. */
async function migrateThrough(handle: DatabaseHandle, tag: string) {
  const folder = mkdtempSync(join(tmpdir(), "bahi-migrations-"));
  try {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8"));
    const entries = journal.entries.slice(
      0,
      journal.entries.findIndex((e: { tag: string }) => e.tag === tag) + 1,
    );
    mkdirSync(join(folder, "meta"));
    writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const entry of entries)
      copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    if (handle.pglite)
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePostgres(handle.db as unknown as PostgresJsDatabase, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function emptyPglite() {
  const handle = await openDatabase({ driver: "pglite", dataDir: null });
  return { handle, drop: () => handle.close() };
}
