import { sql } from "drizzle-orm";
import pino from "pino";
import { describe, expect } from "vitest";
import type { Database } from "../src/db/client.js";
import { STORAGE_RETRY_AFTER_S } from "../src/values/unavailable.js";
import { it } from "./support/fixtures.js";

/**
 * A full disk as the database reports it: SQLSTATE 53100 (`disk_full`). A trigger raises exactly
 * that error on the table a create writes, on PGlite and on PostgreSQL alike; the real full disk
 * under PGlite's directory is `pnpm faults disk-full` (faults/scenarios/disk-full.mjs).
 */
async function fillDisk(db: Database, table: string) {
  await db.execute(
    sql.raw(`create or replace function disk_is_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/5/16385": No space left on device'
          using errcode = 'disk_full';
      end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger disk_is_full before insert on ${table} for each row execute function disk_is_full()`,
    ),
  );
  return () => db.execute(sql.raw(`drop trigger disk_is_full on ${table}`));
}

/** The server's log lines, read by the first test. */
const logged: string[] = [];
it.override("apiOptions", {
  logger: pino({ level: "info" }, { write: (line: string) => void logged.push(line) }),
});

describe("a full disk (SQLSTATE 53100)", () => {
  it("answers a create 503 storage_full with Retry-After, serves reads, and creates once space is back", async ({
    api,
    seller,
  }) => {
    const customer = await seller.party({
      name: "Meera Rao",
      address: { line1: "221 Kalidasa Road", city: "Mysuru", state_code: "29", pin: "570002" },
    });
    const before = await seller.issued(customer, 1);
    const freeSpace = await fillDisk(api.database.handle.db, "invoices");
    try {
      const refused = await seller.call("createInvoice", {
        body: { party_id: customer, items: [{ sku: "PEN", qty: 2, rate: 100.25 }] },
        headers: { "idempotency-key": "full-disk-1" },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_S));
      expect(refused.body).toMatchObject({ status: 503, code: "storage_full" });
      // Nothing of the database's own words (file names, SQL) reaches the client.
      expect(refused.text).not.toMatch(/base\/5|extend file|pglite|postgres|sql/i);
      // The operator reads the database's words, once a request, without the statement and its values.
      const lines = logged.filter((l) => l.includes('"database storage full"'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 50, code: "53100" });
      expect(JSON.parse(lines[0] as string).reason).toMatch(/No space left on device/);
      expect(lines[0]).not.toMatch(/insert into|Meera Rao|100\.25/i);
      const read = await seller.call("retrieveInvoice", { path: { id: before.id } });
      expect(read.status).toBe(200);
      const list = await seller.call("listInvoices");
      expect(list.status).toBe(200);
      expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([before.id]);
    } finally {
      await freeSpace();
    }
    const retried = await seller.call("createInvoice", {
      body: { party_id: customer, items: [{ sku: "PEN", qty: 2, rate: 100.25 }] },
      headers: { "idempotency-key": "full-disk-1" },
    });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    // The refused create took no number: the series runs on without a gap.
    const serial = (n: string) => Number(/(\d+)$/.exec(n)?.[1]);
    expect(serial(retried.body.number)).toBe(serial(before.number) + 1);
  });

  it("answers a payment 503 storage_full too", async ({ api, seller }) => {
    const customer = await seller.party({
      name: "Arjun Shetty",
      address: { line1: "4 Temple Street", city: "Udupi", state_code: "29", pin: "576101" },
    });
    const invoice = await seller.issued(customer, 1);
    const freeSpace = await fillDisk(api.database.handle.db, "payments");
    try {
      const refused = await seller.call("createPayment", {
        body: {
          party_id: customer,
          amount: 10,
          mode: "cash",
          allocations: [{ invoice_id: invoice.id, amount: 10 }],
        },
      });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: "storage_full" });
      expect(refused.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_S));
      const read = await seller.call("retrieveInvoice", { path: { id: invoice.id } });
      expect(read.body).toMatchObject({ amount_paid: 0 });
    } finally {
      await freeSpace();
    }
  });
});
