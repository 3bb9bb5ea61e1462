import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/rows.js";
import { createTestDatabase, driverUnderTest, type TestDatabase } from "./support/database.js";

describe.runIf(driverUnderTest === "postgres")("the PostgreSQL pool", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("compresses with lz4 where the server offers it", async () => {
    const { db } = database.handle;
    const [offered] = rowsOf(
      await db.execute(sql`select 'lz4' = any(enumvals) as lz4 from pg_settings
        where name = 'default_toast_compression'`),
    );
    const [setting] = rowsOf(await db.execute(sql`show default_toast_compression`));
    expect(setting?.default_toast_compression).toBe(offered?.lz4 ? "lz4" : "pglz");
  });

  it("compiles no statement (JIT off), whatever PostgreSQL's estimate of its cost", async () => {
    const { db, pointReads } = database.handle;
    for (const executor of [db, pointReads]) {
      const [setting] = rowsOf(await executor.execute(sql`show jit`));
      expect(setting?.jit).toBe("off");
    }
  });

  it("lives through a new connection whose array-types query fails: its query fails, not the process", async () => {
    if (!database.url) throw new Error("PostgreSQL has a URL");
    // postgres.js asks for the array types first on each new connection; 1 ms of statement_timeout
    // cancels that query, as a connection cut while it runs fails it. Unpatched, its rejection went
    // unhandled and ended the process (porsager/postgres#1192; patches/README.md).
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    const client = postgres(database.url, {
      max: 1,
      onnotice: () => {},
      connection: { statement_timeout: 1 },
    });
    try {
      await client`select 1`.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The types never arrived (text[]'s parser is one of them): the failing path was the one taken.
      expect(client.options.parsers[1009]).toBeUndefined();
    } finally {
      process.off("unhandledRejection", onUnhandled);
      await client.end();
    }
    expect(unhandled).toEqual([]);
  });
});
