import { is, type Query, SQL, sql } from "drizzle-orm";
import type postgres from "postgres";
import { toQuery } from "./built-statement.js";

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
 * to the statement's transaction (alone, or its batch's, whose statements all set it), it reaches no
 * statement of the connection after that transaction, nor another client behind PgBouncer in
 * transaction mode. A transaction of its own around it would cost a round trip more, or leave the
 * locks held until Node's next turn sent the COMMIT.
 */
export const LANE_LOCK_TIMEOUT = sql`(select set_config('lock_timeout', ${`${LANE_LOCK_TIMEOUT_MS}ms`}, true)) is not null`;

/**
 * LANE_BATCHES_IN_FLIGHT: how many transactions a lane has sent and not yet seen answered. Statements
 * sent while that many are in flight wait, and go together, as one transaction, when one of them is
 * answered: a series' claims then share a commit (and its WAL flush) instead of each waiting for its
 * own, one after the other. With two, a statement sent while one other is in flight is pipelined
 * behind it, as if there were no batches, instead of waiting for that one's answer to come back to
 * Node.
 */
export const LANE_BATCHES_IN_FLIGHT = 2;
/**
 * LANE_BATCH_MAX: at most this many statements commit together on a lane. A batch holds the locks
 * its first statement takes until its last is done: the bound keeps that short for the writers that
 * wait on them, such as a create that took the locked path.
 */
export const LANE_BATCH_MAX = 32;

/** A statement for a lane that was given up before it was sent: nothing of it reached PostgreSQL. */
export class LaneClosedError extends Error {
  constructor() {
    super("the statement lane was closed before the statement was sent");
  }
}

/**
 * A statement that ran in a batch (see LANE_BATCHES_IN_FLIGHT) which another of its statements made
 * fail: the batch was rolled back, so this statement wrote nothing either.
 */
export class LaneRolledBackError extends Error {
  constructor() {
    super("another statement of the lane's batch failed, and the batch was rolled back");
  }
}

/** Whether a statement sent on a lane failed having written nothing, so that its caller may try again. */
export function wroteNothingOnLane(error: unknown): boolean {
  return error instanceof LaneClosedError || error instanceof LaneRolledBackError;
}

/** PostgreSQL's answer to a statement in a transaction that an earlier statement made fail. */
const IN_FAILED_TRANSACTION = "25P02";

interface Queued {
  readonly text: string;
  readonly params: unknown[];
  readonly resolve: (rows: Record<string, unknown>[]) => void;
  readonly reject: (error: unknown) => void;
}

/** A connection reserved from the pool, that runs what it is sent in the order it is sent. */
export class Lane {
  private readonly queued: Queued[] = [];
  private batchesInFlight = 0;
  private retired = false;
  private released = false;

  constructor(readonly reserved: postgres.ReservedSql) {}

  /**
   * Builds `statement` now (unless it was built already) and returns what sends it, as a
   * transaction of its own or with the other statements queued on the lane at the time (it must
   * write all or nothing), in the order the sends are called. It must hold LANE_LOCK_TIMEOUT before
   * its first lock. Its rows come back once its transaction has committed.
   */
  prepare(statement: SQL | Query): () => Promise<Record<string, unknown>[]> {
    const { sql: text, params } = is(statement, SQL) ? toQuery(statement) : statement;
    return () => {
      if (this.retired) return Promise.reject(new LaneClosedError());
      return new Promise((resolve, reject) => {
        this.queued.push({ text, params, resolve, reject });
        if (this.batchesInFlight < LANE_BATCHES_IN_FLIGHT) this.sendBatch();
      });
    };
  }

  /** Takes no more statements; the connection goes back to the pool once those taken are answered. */
  retire(): void {
    this.retired = true;
    this.releaseIfDone();
  }

  private sendBatch(): void {
    const batch = this.queued.splice(0, LANE_BATCH_MAX);
    this.batchesInFlight += 1;
    void this.run(batch).finally(() => {
      this.batchesInFlight -= 1;
      if (this.queued.length > 0) this.sendBatch();
      else this.releaseIfDone();
    });
  }

  /**
   * Sends the batch at once, in a transaction when it holds more than one statement: postgres.js
   * queues each query on the connection when it is executed, in call order, so no lock is held
   * while Node waits.
   */
  private async run(batch: Queued[]): Promise<void> {
    const execute = ({ text, params }: Queued) =>
      this.reserved.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }).execute();
    const [only] = batch;
    if (batch.length === 1 && only) {
      try {
        only.resolve((await execute(only)) as unknown as Record<string, unknown>[]);
      } catch (error) {
        only.reject(error);
      }
      return;
    }
    const begin = this.reserved.unsafe("begin").execute();
    const answers = batch.map(execute);
    const commit = this.reserved.unsafe("commit").execute();
    const [begun, committed, ...each] = await Promise.allSettled([begin, commit, ...answers]);
    // Without the transaction's begin or its commit answered, whether a statement that succeeded was
    // written is not known: it fails with that error, and its caller may not try again.
    const unknown =
      begun.status === "rejected" ? begun : committed.status === "rejected" ? committed : undefined;
    const rolledBack = committed.status === "fulfilled" && committed.value.command !== "COMMIT";
    batch.forEach(({ resolve, reject }, i) => {
      const answer = each[i];
      if (answer?.status === "fulfilled") {
        if (unknown) reject(unknown.reason);
        else if (rolledBack) reject(new LaneRolledBackError());
        else resolve(answer.value as unknown as Record<string, unknown>[]);
      } else {
        const error: unknown = answer?.reason;
        const followedFailure = (error as { code?: unknown } | undefined)?.code === IN_FAILED_TRANSACTION;
        reject(followedFailure ? new LaneRolledBackError() : error);
      }
    });
  }

  private releaseIfDone(): void {
    if (!this.retired || this.batchesInFlight > 0 || this.queued.length > 0 || this.released) return;
    this.released = true;
    this.reserved.release();
  }
}

/**
 * Connections set aside so that statements which must reach PostgreSQL in a given order can be sent
 * one after the other without waiting for each answer: a connection runs what it is sent in order.
 * A document series always uses the same lane, so its guessed claims (see NumberGuesses) are
 * pipelined there instead of each waiting for the one before it to come back to Node. Lanes run
 * statements that each write all or nothing, alone or batched in a transaction with those queued
 * beside them (see LANE_BATCHES_IN_FLIGHT). PGlite has one connection and no lanes.
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
