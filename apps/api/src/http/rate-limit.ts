import { Redis } from "ioredis";
import type { Logger } from "pino";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Plan } from "../services/accounts/accounts.js";
import { PLANS, REQUESTS_PER_MINUTE, REQUESTS_PER_SECOND } from "../services/accounts/plans.js";

export interface RateLimitOutcome {
  readonly allowed: boolean;
  readonly headers: Record<string, string>;
}

/** The base limits, which each plan multiplies by its request factor. */
export interface RateLimits {
  readonly perMinute: number;
  readonly perSecond: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perMinute: REQUESTS_PER_MINUTE,
  perSecond: REQUESTS_PER_SECOND,
};

/** Where every node's Redis keys start, so that the limiter can share a Redis with other uses. */
export const REDIS_KEY_PREFIX = "bahi:rl";
/**
 * A Redis that answers slower than this is treated as down for the request: the limiter falls back
 * to counting in this process rather than holding the request.
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;

interface Window {
  readonly name: "minute" | "second";
  readonly seconds: number;
  readonly limiter: RateLimiterAbstract;
}

type Store = (points: number, seconds: number, name: string) => RateLimiterAbstract;

/**
 * A budget of its own beside the plans' windows (the OAuth endpoints' per client and per address),
 * counted in the same store: in Redis across nodes when there is one.
 */
export interface Budget {
  /** Where its keys start (in Redis after REDIS_KEY_PREFIX), e.g. `oauth:client`. */
  readonly name: string;
  readonly points: number;
  readonly seconds: number;
}

export interface BudgetOutcome {
  readonly allowed: boolean;
  /** Whole seconds until the refusing budget's window starts afresh; 0 when allowed. */
  readonly retryAfterSeconds: number;
}

const memoryStore: Store = (points, duration) => new RateLimiterMemory({ points, duration });

/**
 * Counts in Redis, shared by every node; while Redis is unreachable each node counts on its own
 * (rate-limiter-flexible's insurance limiter) instead of failing requests.
 */
const redisStore =
  (client: Redis): Store =>
  (points, duration, name) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${REDIS_KEY_PREFIX}:${name}`,
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });

/**
 * Counts requests per account and mode (or per client address when no valid key was sent) in a
 * per-second and a per-minute window, and states both in the response headers the spec names.
 */
export class RateLimiter {
  private readonly tiers = new Map<number, Window[]>();
  private readonly budgets = new Map<string, RateLimiterAbstract>();

  private constructor(
    limits: RateLimits,
    private readonly store: Store,
    /** The Redis counting across nodes, which GraphQL's cost buckets share; null in memory. */
    readonly redis: Redis | null = null,
    private readonly release: () => void = () => {},
  ) {
    for (const factor of new Set(Object.values(PLANS).map((p) => p.requestFactor))) {
      const points = (n: number) => n * factor;
      this.tiers.set(factor, [
        {
          name: "second",
          seconds: 1,
          limiter: store(points(limits.perSecond), 1, `x${factor}:second`),
        },
        {
          name: "minute",
          seconds: 60,
          limiter: store(points(limits.perMinute), 60, `x${factor}:minute`),
        },
      ]);
    }
  }

  static inMemory(limits: RateLimits = DEFAULT_RATE_LIMITS): RateLimiter {
    return new RateLimiter(limits, memoryStore);
  }

  /**
   * Waits for the first connection (or its failure) so that a node starts counting where the others
   * count, and logs each loss and return of Redis once rather than on every reconnection attempt.
   */
  static async inRedis(url: string, logger: Logger, limits: RateLimits = DEFAULT_RATE_LIMITS) {
    const client = new Redis(url, {
      lazyConnect: true,
      // Queued or retried commands would hold requests while Redis is away; the fallback answers now.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      // Requests in flight together send their counts in one write: fewer system calls under load.
      enableAutoPipelining: true,
    });
    const unreachable = "rate limiter: Redis unreachable; counting per node until it is back";
    let reachable = false;
    let closing = false;
    // Without a listener ioredis prints every failed reconnection; the changes of state are logged below.
    client.on("error", () => {});
    client.on("close", () => {
      if (reachable && !closing) logger.warn(unreachable);
      reachable = false;
    });
    client.on("ready", () => {
      if (!reachable) logger.info("rate limiter: Redis reachable; counting across nodes");
      reachable = true;
    });
    await client.connect().catch((error: Error) => logger.warn({ err: error.message }, unreachable));
    return new RateLimiter(limits, redisStore(client), client, () => {
      closing = true;
      client.disconnect();
    });
  }

  async consume(key: string, plan: Plan | null, nowMs: number): Promise<RateLimitOutcome> {
    const windows = this.tiers.get(plan ? PLANS[plan].requestFactor : 1) as Window[];
    // Both windows at once: on Redis that is one round trip, not two.
    const results = await Promise.all(
      windows.map(async (window) => {
        try {
          return { window, res: await window.limiter.consume(key), allowed: true };
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          return { window, res: rejection, allowed: false };
        }
      }),
    );
    const denied = results
      .filter((r) => !r.allowed)
      .sort((a, b) => b.res.msBeforeNext - a.res.msBeforeNext)[0];
    if (denied) {
      // A refused request is not served, so it spends no window: without the refund, a burst refused
      // by the second's window would also eat the minute's budget for requests it never served.
      await Promise.all(
        results.map(async (r) => {
          if (r.allowed) r.res = await r.window.limiter.reward(key, 1);
        }),
      );
    }
    const minute = results.find((r) => r.window.name === "minute") as (typeof results)[number];
    const tightest =
      denied ?? results.reduce((a, b) => (b.res.remainingPoints < a.res.remainingPoints ? b : a));
    const headers: Record<string, string> = {
      "X-RateLimit-Limit": String(minute.window.limiter.points),
      "X-RateLimit-Remaining": String(Math.max(0, minute.res.remainingPoints)),
      "X-RateLimit-Reset": String(Math.ceil((nowMs + minute.res.msBeforeNext) / 1000)),
      "RateLimit-Policy": windows.map((w) => `"${w.name}";q=${w.limiter.points};w=${w.seconds}`).join(", "),
      RateLimit: `"${tightest.window.name}";r=${Math.max(0, tightest.res.remainingPoints)};t=${Math.ceil(tightest.res.msBeforeNext / 1000)}`,
    };
    if (denied) headers["Retry-After"] = String(Math.max(1, Math.ceil(denied.res.msBeforeNext / 1000)));
    return { allowed: !denied, headers };
  }

  /**
   * Spends one request of each budget under its key, or none when any budget refuses it: a refused
   * request is not served, so it must not use up what its other keys may still do.
   */
  async spend(spends: readonly { budget: Budget; key: string }[]): Promise<BudgetOutcome> {
    const limiters = spends.map(({ budget }) => {
      const id = `${budget.name}:${budget.points}:${budget.seconds}`;
      let limiter = this.budgets.get(id);
      if (!limiter) {
        limiter = this.store(budget.points, budget.seconds, budget.name);
        this.budgets.set(id, limiter);
      }
      return limiter;
    });
    const results = await Promise.all(
      spends.map(async ({ key }, i) => {
        const limiter = limiters[i] as RateLimiterAbstract;
        try {
          return { limiter, key, res: await limiter.consume(key), allowed: true };
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          return { limiter, key, res: rejection, allowed: false };
        }
      }),
    );
    const refused = results.filter((r) => !r.allowed);
    if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0 };
    await Promise.all(results.filter((r) => r.allowed).map((r) => r.limiter.reward(r.key, 1)));
    const waitMs = Math.max(...refused.map((r) => r.res.msBeforeNext));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  close(): void {
    this.release();
  }
}
