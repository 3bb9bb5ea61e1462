import { and, asc, eq, isNotNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Config } from "../../config.js";
import type { Database, DatabaseHandle, Executor } from "../../db/client.js";
import { events, webhookDeliveries, webhooks } from "../../db/schema.js";
import { SecretBox } from "../../secrets/secret-box.js";
import { preparedOn } from "../../speed/prepared.js";
import { firstIdAt, newId } from "../../values/ids.js";
import { retentionStart, toEvent } from "../events/events.js";
import { ownedBy, ownedRow } from "../shared/owner.js";
import { sweepIdempotencyKeys } from "../shared/writes.js";
import { AddressPolicy } from "./address-policy.js";
import { type Agents, newAgents, type PostOutcome, post } from "./post.js";
import { nextAttemptAt } from "./schedule.js";
import { signedHeaders } from "./signing.js";
import { disableFailingWebhook } from "./subscriptions.js";

/** Attempts claimed at once by one loop; they are made concurrently. */
export const BATCH_SIZE = 50;
/** How long an idle loop waits before looking for due attempts again. */
export const IDLE_POLL_MS = 100;
/** How often old events, attempts and Idempotency-Key answers are deleted. */
const PRUNE_INTERVAL_MS = 3_600_000;
/**
 * Loops per process on PostgreSQL; each holds one connection while its batch is delivered. One loop
 * at a time polls a queue with nothing due; the others wait until a loop claims work.
 */
export const DEFAULT_LOOPS = 4;

export interface WorkerOptions {
  readonly db: Database;
  /**
   * PostgreSQL: hold each claimed batch's row locks (FOR UPDATE SKIP LOCKED) until its outcomes are
   * committed, so no two workers ever send the same attempt, and a killed worker's locks vanish with
   * its connection. PGlite, one connection that a held transaction would block for every request, and
   * one process: claim, deliver, then record, in one loop.
   */
  readonly holdLocks: boolean;
  readonly box: SecretBox;
  readonly policy: AddressPolicy;
  readonly logger: Logger;
  readonly loops?: number;
  readonly now?: () => Date;
  readonly random?: () => number;
}

/** The log's `error` of an attempt that failed before its request; the operator's log says why. */
const NOT_SENT = "not sent: the request could not be prepared";

type Claimed = Awaited<ReturnType<typeof claim>>[number];

function claim(db: Executor, now: Date, lock: boolean) {
  const query = db
    .select({
      delivery: webhookDeliveries,
      url: webhooks.url,
      secret: webhooks.secret,
      previousSecret: webhooks.previousSecret,
      previousSecretExpiresAt: webhooks.previousSecretExpiresAt,
      event: events,
    })
    .from(webhookDeliveries)
    .innerJoin(
      webhooks,
      and(
        eq(webhooks.accountId, webhookDeliveries.accountId),
        eq(webhooks.livemode, webhookDeliveries.livemode),
        eq(webhooks.id, webhookDeliveries.webhookId),
      ),
    )
    .innerJoin(
      events,
      and(
        eq(events.accountId, webhookDeliveries.accountId),
        eq(events.livemode, webhookDeliveries.livemode),
        eq(events.id, webhookDeliveries.eventId),
      ),
    )
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
        eq(webhooks.status, "enabled"),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(BATCH_SIZE);
  return lock ? query.for("update", { of: webhookDeliveries, skipLocked: true }) : query;
}

/**
 * Whether any attempt is due, read outside a transaction: an idle loop then costs one statement
 * prepared once, where a claim is built anew and runs in a transaction of its own (three round trips):
 * loops polling ten times a second would otherwise keep an idle process busy.
 */
const anyDue = preparedOn((db) =>
  db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("webhook_any_due"),
);

interface Outcome {
  claimed: Claimed;
  attemptedAt: Date;
  result: PostOutcome;
}

const stillPending = (d: Claimed["delivery"]): SQL =>
  ownedBy(webhookDeliveries, d, eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.status, "pending"));

/** Delivers every event's pending attempts: in this process next to the API, or as `pnpm bahi worker`. */
export class DeliveryWorker {
  readonly #options: WorkerOptions;
  readonly #agents: Agents = newAgents();
  readonly #now: () => Date;
  readonly #random: () => number;
  #running = false;
  #loops: Promise<void>[] = [];
  readonly #sleepers = new Set<() => void>();
  /** The wakes of the loops waiting for another to claim work, which no timer ends. */
  readonly #parked = new Set<() => void>();
  /** Loops waiting IDLE_POLL_MS to poll again. */
  #polling = 0;
  #lastPrune = 0;

  constructor(options: WorkerOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#random = options.random ?? Math.random;
  }

  /** Claims, makes and records one batch of due attempts; answers how many. */
  async runOnce(): Promise<number> {
    const { db, holdLocks } = this.#options;
    // An ISO string: a named statement's parameters go out as text, which a Date is not.
    if ((await anyDue(db).execute({ now: this.#now().toISOString() })).length === 0) return 0;
    if (holdLocks) {
      return db.transaction(async (tx) => {
        const claimed = await claim(tx, this.#now(), true);
        if (claimed.length > 0) this.#wakeOne();
        await this.#record(tx, await this.#deliver(claimed));
        return claimed.length;
      });
    }
    const claimed = await claim(db, this.#now(), false);
    if (claimed.length === 0) return 0;
    this.#wakeOne();
    const outcomes = await this.#deliver(claimed);
    await db.transaction((tx) => this.#record(tx, outcomes));
    return claimed.length;
  }

  #deliver(claimed: Claimed[]): Promise<Outcome[]> {
    return Promise.all(claimed.map((c) => this.#attempt(c)));
  }

  /**
   * Whatever keeps one attempt from being made (a secret sealed under another key) fails that attempt
   * alone: were the batch to fail, its other attempts, already sent, would be sent again and again.
   */
  async #attempt(c: Claimed): Promise<Outcome> {
    const attemptedAt = this.#now();
    const { box, policy, logger } = this.#options;
    try {
      const secrets = [box.unseal(c.secret)];
      if (c.previousSecret && c.previousSecretExpiresAt && c.previousSecretExpiresAt > attemptedAt)
        secrets.push(box.unseal(c.previousSecret));
      const body = JSON.stringify(toEvent(c.event));
      const timestamp = Math.floor(attemptedAt.getTime() / 1000);
      const headers = signedHeaders(secrets, c.event.id, timestamp, body);
      const result = await post(c.url, headers, body, policy, this.#agents, {
        livemode: c.delivery.livemode,
      });
      return { claimed: c, attemptedAt, result };
    } catch (error) {
      // Ids only: the claimed row holds the sealed secrets, and the operator needs the cause, not them.
      logger.error(
        { err: error, webhookId: c.delivery.webhookId, deliveryId: c.delivery.id },
        "webhook delivery attempt could not be made",
      );
      const result = { ok: false, responseStatus: null, latencyMs: 0, error: NOT_SENT };
      return { claimed: c, attemptedAt, result };
    }
  }

  /**
   * Records a batch: each attempt's outcome first, then successes end their webhooks' failing spell,
   * and only then do failures schedule retries or disable, so that a success in the same batch counts.
   */
  async #record(tx: Executor, outcomes: Outcome[]): Promise<void> {
    const recorded = await Promise.all(
      outcomes.map(async (outcome) => {
        const { claimed, attemptedAt, result } = outcome;
        const d = claimed.delivery;
        const next = result.ok
          ? null
          : nextAttemptAt(claimed.event.createdAt, attemptedAt, d.attempt, this.#random);
        const [updated] = await tx
          .update(webhookDeliveries)
          .set({
            status: result.ok ? "succeeded" : "failed",
            responseStatus: result.responseStatus,
            latencyMs: result.latencyMs,
            error: result.error,
            createdAt: attemptedAt,
            nextAttemptAt: next,
          })
          .where(stillPending(d))
          .returning({ id: webhookDeliveries.id });
        // Gone meanwhile (its webhook was disabled or deleted): no retry may bring it back.
        return updated ? { ...outcome, next } : null;
      }),
    );
    const made = recorded.filter((r) => r !== null);
    if (made.length === 0) return;
    // All at once and in id order: loops whose batches share webhooks would otherwise lock their rows
    // in different orders, and deadlock.
    await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(or(...made.map(({ claimed: { delivery: d } }) => ownedRow(webhooks, d, d.webhookId))))
      .orderBy(asc(webhooks.id))
      .for("no key update");
    const recovered = new Map(
      made.filter((r) => r.result.ok).map((r) => [r.claimed.delivery.webhookId, r.claimed.delivery]),
    );
    await Promise.all(
      [...recovered.values()].map((d) =>
        tx
          .update(webhooks)
          .set({ failingSince: null })
          .where(ownedBy(webhooks, d, eq(webhooks.id, d.webhookId), isNotNull(webhooks.failingSince))),
      ),
    );
    await Promise.all(
      made
        .filter((r) => !r.result.ok)
        .map(async ({ claimed, attemptedAt, next }) => {
          const d = claimed.delivery;
          const owner = { accountId: d.accountId, livemode: d.livemode };
          await tx
            .update(webhooks)
            .set({
              failingSince: sql`coalesce(${webhooks.failingSince}, ${attemptedAt.toISOString()}::timestamptz)`,
            })
            .where(ownedRow(webhooks, owner, d.webhookId));
          if (next) {
            await tx.insert(webhookDeliveries).values({
              ...owner,
              id: newId("delivery"),
              webhookId: d.webhookId,
              eventId: d.eventId,
              attempt: d.attempt + 1,
              status: "pending",
              createdAt: attemptedAt,
              nextAttemptAt: next,
            });
          } else {
            await disableFailingWebhook(tx, owner, d.webhookId, d.eventId, attemptedAt);
          }
        }),
    );
  }

  /**
   * Deletes what is kept for a while only: events and attempts past EVENT_RETENTION_DAYS (pending
   * attempts are days younger), and Idempotency-Key answers past IDEMPOTENCY_KEY_TTL_HOURS.
   */
  async prune(): Promise<void> {
    const { db } = this.#options;
    await sweepIdempotencyKeys(db);
    const start = retentionStart(this.#now());
    await db
      .delete(webhookDeliveries)
      .where(and(lt(webhookDeliveries.createdAt, start), ne(webhookDeliveries.status, "pending")));
    await db.delete(events).where(lt(events.id, firstIdAt("event", start)));
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    const loops = this.#options.holdLocks ? (this.#options.loops ?? DEFAULT_LOOPS) : 1;
    for (let i = 0; i < loops; i++) this.#loops.push(this.#loop());
  }

  /**
   * Claims and delivers batches. While nothing is due, one loop polls every IDLE_POLL_MS and the
   * others wait until a loop claims work, which wakes one of them: so a batch that takes long to
   * deliver (a slow receiver) still leaves a loop polling. Each poll is a statement and a backend's
   * wake-up: four loops polling an idle queue cost the API process some 40 ms of CPU a second.
   */
  async #loop(): Promise<void> {
    while (this.#running) {
      let made = 0;
      try {
        if (Date.now() - this.#lastPrune >= PRUNE_INTERVAL_MS) {
          this.#lastPrune = Date.now();
          await this.prune();
        }
        made = await this.runOnce();
      } catch (error) {
        this.#options.logger.error({ err: error }, "webhook delivery batch failed");
      }
      if (!this.#running || made >= BATCH_SIZE) continue;
      if (made === 0 && this.#polling > 0) await this.#park();
      else await this.#pollLater();
    }
  }

  #pollLater(): Promise<void> {
    this.#polling++;
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#sleepers.delete(wake);
        this.#polling--;
        resolve();
      };
      const timer = setTimeout(wake, IDLE_POLL_MS);
      this.#sleepers.add(wake);
    });
  }

  #park(): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        this.#parked.delete(wake);
        this.#sleepers.delete(wake);
        resolve();
      };
      this.#parked.add(wake);
      this.#sleepers.add(wake);
    });
  }

  /** A loop that claimed work wakes a waiting one, which polls while the batch is delivered. */
  #wakeOne(): void {
    const [wake] = this.#parked;
    wake?.();
  }

  /** Lets the batches in flight finish and record their outcomes. */
  async stop(): Promise<void> {
    this.#running = false;
    for (const wake of [...this.#sleepers]) wake();
    await Promise.all(this.#loops.splice(0));
    this.#agents.http.destroy();
    this.#agents.https.destroy();
  }
}

/** A started worker over this process's database, configured as the operator set it. */
export async function startWorker(
  handle: DatabaseHandle,
  config: Pick<Config, "poolSize" | "secretKey" | "webhookAllowedHosts" | "databaseUrl">,
  logger: Logger,
): Promise<DeliveryWorker> {
  const worker = new DeliveryWorker({
    db: handle.db,
    holdLocks: handle.driver === "postgres",
    box: await SecretBox.open(handle.db, config.secretKey),
    policy: webhookPolicyOf(config),
    logger,
    // Half the pool at most, so that the API beside it keeps connections for requests.
    loops: Math.max(1, Math.min(DEFAULT_LOOPS, Math.floor(config.poolSize / 2))),
  });
  worker.start();
  return worker;
}

/**
 * Where webhooks may send, for this configuration: the operator's allowed hosts, and on the embedded
 * database (a developer's `npm start`) this machine's loopback addresses for test-mode webhooks.
 */
export function webhookPolicyOf(config: Pick<Config, "webhookAllowedHosts" | "databaseUrl">): AddressPolicy {
  return new AddressPolicy(config.webhookAllowedHosts, undefined, {
    testLoopback: config.databaseUrl === null,
  });
}
