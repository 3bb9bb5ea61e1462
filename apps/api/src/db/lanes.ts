import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";

/** STATEMENT_LANES: at most this many pool connections are kept as lanes, and at most half the pool. */
export const STATEMENT_LANES = 4;
/**
 * LANE_LOCK_TIMEOUT_MS: how long a statement on a lane waits for a row lock before it gives up (and
 * its caller takes the path that waits on a connection of its own): the statements queued behind it
 * on the lane, other accounts' among them, wait no longer than that.
 */
export const LANE_LOCK_TIMEOUT_MS = 100;

/**
 * A condition, always true, that sets LANE_LOCK_TIMEOUT_MS as the lock timeout of the statement that
 * evaluates it, until that statement's own transaction ends: a statement sent on a lane puts it where
 * it is evaluated before the statement's first lock (the filter of the first rows it locks). Local
 * to the statement, it reaches no other statement of the connection, nor another client behind
 * PgBouncer in transaction mode. A transaction around it would cost a round trip more, or leave the
 * locks held until Node's next turn sent the COMMIT.
 */
export const LANE_LOCK_TIMEOUT = sql`(select set_config('lock_timeout', ${`${LANE_LOCK_TIMEOUT_MS}ms`}, true)) is not null`;

const dialect = new PgDialect();

/** A statement for a lane that was given up before it was sent: nothing of it reached PostgreSQL. */
export class LaneClosedError extends Error {
  constructor() {
    super("the statement lane was closed before the statement was sent");
  }
}

/** A connection reserved from the pool, that runs what it is sent in the order it is sent. */
export class Lane {
  private inFlight = 0;
  private retired = false;
  private released = false;

  constructor(readonly reserved: postgres.ReservedSql) {}

  /**
   * Builds `statement` now and returns what sends it, as a transaction of its own (it must write all
   * or nothing), queued on the connection in the order the sends are called. It must hold
   * LANE_LOCK_TIMEOUT before its first lock.
   */
  prepare(statement: SQL): () => Promise<Record<string, unknown>[]> {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return async () => {
      if (this.retired) throw new LaneClosedError();
      this.inFlight += 1;
      try {
        // postgres.js queues a query on its connection when it is executed, in call order.
        const rows = await this.reserved
          .unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })
          .execute();
        return rows as unknown as Record<string, unknown>[];
      } finally {
        this.inFlight -= 1;
        this.releaseIfDone();
      }
    };
  }

  /** Takes no more statements; the connection goes back to the pool once those sent are answered. */
  retire(): void {
    this.retired = true;
    this.releaseIfDone();
  }

  private releaseIfDone(): void {
    if (!this.retired || this.inFlight > 0 || this.released) return;
    this.released = true;
    this.reserved.release();
  }
}

/**
 * Connections set aside so that statements which must reach PostgreSQL in a given order can be sent
 * one after the other without waiting for each answer: a connection runs what it is sent in order.
 * A document series always uses the same lane, so its guessed claims (see NumberGuesses) are
 * pipelined there instead of each waiting for the one before it to come back to Node. Lanes run
 * single statements that commit by themselves. PGlite has one connection and no lanes.
 */
export class StatementLanes {
  private readonly lanes: (Promise<Lane> | null)[];
  private readonly opened: (Lane | null)[];

  constructor(
    private readonly pool: postgres.Sql | null,
    poolSize: number,
  ) {
    this.lanes = new Array(Math.min(STATEMENT_LANES, Math.floor(poolSize / 2))).fill(null);
    this.opened = this.lanes.map(() => null);
  }

  /** The lane for `key`, always the same one while it works; null when there are none. */
  laneOf(key: string): Promise<Lane> | null {
    if (!this.pool || this.lanes.length === 0) return null;
    const index = indexOf(key, this.lanes.length);
    const lane = this.lanes[index] ?? this.open(this.pool, index);
    this.lanes[index] = lane;
    return lane;
  }

  /** Gives a lane up after a failure (see Lane.retire): the next statement for its keys opens another. */
  drop(lane: Lane): void {
    const index = this.opened.indexOf(lane);
    if (index !== -1) {
      this.opened[index] = null;
      this.lanes[index] = null;
    }
    lane.retire();
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.lanes);
    for (const lane of this.opened) if (lane) this.drop(lane);
  }

  private async open(pool: postgres.Sql, index: number): Promise<Lane> {
    try {
      const lane = new Lane(await pool.reserve());
      this.opened[index] = lane;
      return lane;
    } catch (error) {
      this.lanes[index] = null;
      throw error;
    }
  }
}

function indexOf(key: string, count: number): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % count;
}
