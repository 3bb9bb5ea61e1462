import { drizzle } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import { type Executor, namedStatements } from "./client.js";
import * as schema from "./schema.js";

/** STATEMENT_LANES: at most this many pool connections are kept as lanes, and at most half the pool. */
export const STATEMENT_LANES = 4;
/**
 * LANE_LOCK_TIMEOUT_MS: how long a statement on a lane waits for a row lock before it gives up (and
 * its caller takes the path that waits on a connection of its own): the statements queued behind it
 * on the lane, other accounts' among them, wait no longer than that.
 */
export const LANE_LOCK_TIMEOUT_MS = 100;

export interface Lane {
  readonly reserved: postgres.ReservedSql;
  readonly db: Executor;
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

  /**
   * Gives a lane's connection back after a failure, so that the next statement opens a new one.
   * Statements already queued on it still run there, as statements of the pool.
   */
  drop(lane: Lane): void {
    const index = this.opened.indexOf(lane);
    if (index === -1) return;
    this.opened[index] = null;
    this.lanes[index] = null;
    lane.reserved.release();
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.lanes);
    for (const lane of this.opened) if (lane) this.drop(lane);
  }

  private async open(pool: postgres.Sql, index: number): Promise<Lane> {
    let reserved: postgres.ReservedSql | null = null;
    try {
      reserved = await pool.reserve();
      await reserved.unsafe(`set lock_timeout = ${LANE_LOCK_TIMEOUT_MS}`);
      // drizzle reads the type parsers from the client's options, which a reserved connection
      // shares with its pool but does not carry.
      Object.assign(reserved, { options: pool.options });
      const lane = {
        reserved,
        db: drizzle({ client: namedStatements(reserved), schema }) as unknown as Executor,
      };
      this.opened[index] = lane;
      return lane;
    } catch (error) {
      reserved?.release();
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
