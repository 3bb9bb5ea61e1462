import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect } from "vitest";
import { rowsOf } from "../src/db/rows.js";
import {
  LANE_BATCH_MAX,
  LANE_BATCHES_IN_FLIGHT,
  LANE_LOCK_TIMEOUT,
  LANE_LOCK_TIMEOUT_MS,
  type Lane,
  LaneClosedError,
  LaneRolledBackError,
  StatementLanes,
} from "../src/speed/lanes.js";
import { driverUnderTest } from "./support/database.js";
import { it as base } from "./support/fixtures.js";

/** Lanes over the file's database, closed before it is dropped. */
const it = base.extend("lanes", { scope: "file" }, ({ database }, { onCleanup }) => {
  if (!database.handle.sql) throw new Error("PostgreSQL has a pool");
  const lanes = new StatementLanes(database.handle.sql, 10);
  onCleanup(() => lanes.close());
  return lanes;
});

describe.runIf(driverUnderTest === "postgres")("the PostgreSQL pool", () => {
  it("compresses with lz4 where the server offers it", async ({ database }) => {
    const { db } = database.handle;
    const [offered] = rowsOf(
      await db.execute(sql`select 'lz4' = any(enumvals) as lz4 from pg_settings
        where name = 'default_toast_compression'`),
    );
    const [setting] = rowsOf(await db.execute(sql`show default_toast_compression`));
    expect(setting?.default_toast_compression).toBe(offered?.lz4 ? "lz4" : "pglz");
  });

  it("compiles no statement (JIT off), whatever PostgreSQL's estimate of its cost", async ({ database }) => {
    const { db, pointReads } = database.handle;
    for (const executor of [db, pointReads]) {
      const [setting] = rowsOf(await executor.execute(sql`show jit`));
      expect(setting?.jit).toBe("off");
    }
  });

  it("lives through a new connection whose array-types query fails: its query fails, not the process", async ({
    database,
  }) => {
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

  it("gives a key the same lane each time; what it sends waits at most LANE_LOCK_TIMEOUT_MS for a lock", async ({
    lanes,
  }) => {
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

  /** The lane of `key`: tests run one at a time, so no other test's statement joins its batches. */
  async function laneFor(lanes: StatementLanes, key: string): Promise<Lane> {
    const lane = await lanes.laneOf(key);
    if (!lane) throw new Error("PostgreSQL has lanes");
    return lane;
  }

  it("commits what waits behind LANE_BATCHES_IN_FLIGHT transactions together, at most LANE_BATCH_MAX at a time", async ({
    lanes,
  }) => {
    const lane = await laneFor(lanes, "acc_2:false:invoice:2026-27");
    const count = LANE_BATCHES_IN_FLIGHT + LANE_BATCH_MAX + 1;
    const sends = Array.from({ length: count }, () => lane.prepare(sql`select txid_current()::text as tx`));
    const answers = await Promise.all(sends.map((send) => send()));
    const transactions = answers.map(([row]) => row?.tx);
    // Sent at once, each of the first ones goes alone; those that waited go together when the first
    // is answered, LANE_BATCH_MAX of them, and the one left over after them.
    const alone = transactions.slice(0, LANE_BATCHES_IN_FLIGHT);
    const batch = transactions.slice(LANE_BATCHES_IN_FLIGHT, LANE_BATCHES_IN_FLIGHT + LANE_BATCH_MAX);
    const [leftOver] = transactions.slice(LANE_BATCHES_IN_FLIGHT + LANE_BATCH_MAX);
    expect(new Set(alone).size).toBe(LANE_BATCHES_IN_FLIGHT);
    expect(new Set(batch).size).toBe(1);
    expect([...alone, leftOver]).not.toContain(batch[0]);
    expect(leftOver).not.toBe(alone[alone.length - 1]);
  });

  it("rolls a batch back when one of its statements fails: the others fail too, having written nothing", async ({
    lanes,
  }) => {
    const lane = await laneFor(lanes, "acc_3:false:invoice:2026-27");
    await lane.reserved`create temporary table written (n int)`;
    const insert = (n: number) => lane.prepare(sql`insert into written values (${n}) returning n`);
    // The first ones go alone; the three after them wait, and go together.
    const ahead = Array.from({ length: LANE_BATCHES_IN_FLIGHT }, (_, i) => insert(100 + i)());
    const batch = Promise.allSettled([insert(1)(), lane.prepare(sql`select 1 / 0 as never`)(), insert(3)()]);
    await Promise.all(ahead);
    const [before, failing, after] = await batch;
    expect(before?.status === "rejected" && before.reason).toBeInstanceOf(LaneRolledBackError);
    expect(failing?.status === "rejected" && failing.reason).toMatchObject({ code: "22012" });
    expect(after?.status === "rejected" && after.reason).toBeInstanceOf(LaneRolledBackError);
    const written = await lane.reserved`select n from written order by n`;
    expect(written.map((row) => row.n)).toEqual(
      Array.from({ length: LANE_BATCHES_IN_FLIGHT }, (_, i) => 100 + i),
    );
    // The lane goes on: what comes next commits.
    const [next] = await insert(4)();
    expect(next?.n).toBe(4);
  });

  it("does not call a batch rolled back when its commit went unanswered: whether it was written is not known", async ({
    database,
    lanes,
  }) => {
    const lane = await laneFor(lanes, "acc_4:false:invoice:2026-27");
    const [backend] = await lane.reserved`select pg_backend_pid() as pid`;
    const ahead = Array.from({ length: LANE_BATCHES_IN_FLIGHT }, () => lane.prepare(sql`select 1`)());
    // Observed from the start: the cut can reject them before the terminating statement answers.
    const batch = Promise.allSettled([
      lane.prepare(sql`select 1 as done`)(),
      lane.prepare(sql`select pg_sleep(30)`)(),
    ]);
    await Promise.all(ahead);
    const { db } = database.handle;
    // The sleep holds the batch open, its first statement answered, until its connection is cut.
    for (;;) {
      const [sleeping] = rowsOf(
        await db.execute(sql`select 1 as found from pg_stat_activity
          where pid = ${backend?.pid}::int and state = 'active' and query like '%pg_sleep%'`),
      );
      if (sleeping) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await db.execute(sql`select pg_terminate_backend(${backend?.pid}::int)`);
    const [done, sleeping] = await batch;
    expect(done?.status).toBe("rejected");
    expect(done?.status === "rejected" && done.reason).not.toBeInstanceOf(LaneRolledBackError);
    expect(sleeping?.status).toBe("rejected");
    lanes.drop(lane);
  });
});
