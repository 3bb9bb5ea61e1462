import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANE_LOCK_TIMEOUT, LANE_LOCK_TIMEOUT_MS, LaneClosedError } from "../src/db/lanes.js";
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

  it("gives a key the same lane each time; what it sends waits at most LANE_LOCK_TIMEOUT_MS for a lock", async () => {
    const { lanes } = database.handle;
    const lane = await lanes.laneOf("acc_1:false:invoice:2026-27");
    expect(await lanes.laneOf("acc_1:false:invoice:2026-27")).toBe(lane);
    if (!lane) throw new Error("PostgreSQL has lanes");
    const [inside] = await lane.prepare(
      sql`select current_setting('lock_timeout') as timeout where ${LANE_LOCK_TIMEOUT}`,
    )();
    expect(inside?.timeout).toBe(`${LANE_LOCK_TIMEOUT_MS}ms`);
    // Local to the statement's own transaction: nothing after it on the connection inherits it.
    const [outside] = await lane.reserved`select current_setting('lock_timeout') as timeout`;
    expect(outside?.timeout).toBe("0");
    // Dropped, the lane's connection goes back to the pool and the key gets a new one.
    const send = lane.prepare(sql`select 1`);
    lanes.drop(lane);
    const next = await lanes.laneOf("acc_1:false:invoice:2026-27");
    expect(next).not.toBe(lane);
    // What was built for the old lane and not yet sent is refused, unsent, rather than sent on a
    // connection that is the pool's again.
    await expect(send()).rejects.toBeInstanceOf(LaneClosedError);
  });
});
