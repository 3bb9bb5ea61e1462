import type { Logger } from "pino";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Plan } from "../services/accounts/accounts.js";
import { PLANS, REQUESTS_PER_MINUTE, REQUESTS_PER_SECOND } from "../services/accounts/plans.js";
import { RedisGuard } from "./redis-guard.js";

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

interface Window {
  /** A plan's "minute" or "second", or a budget's name. */
  readonly name: string;
  readonly seconds: number;
  readonly points: number;
  /** Counts in Redis, shared by every node; null in memory. */
  readonly shared: RateLimiterRedis | null;
  /** This node's own count: the only one in memory, the fallback while Redis is away. */
  readonly own: RateLimiterMemory;
}

/** A window and the key a request counts under in it. */
interface Count {
  readonly window: Window;
  readonly key: string;
}

/** One window's count for a request, and the limiter that holds it (a refusal's refund goes there). */
interface Counted extends Count {
  readonly limiter: RateLimiterAbstract;
  res: RateLimiterRes;
  readonly allowed: boolean;
}

/** A consume's outcome as a value: a refusal (RateLimiterRes) is an answer, not a failure of the store. */
async function settle({ window, key }: Count, limiter: RateLimiterAbstract): Promise<Counted> {
  try {
    return { window, key, limiter, res: await limiter.consume(key), allowed: true };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return { window, key, limiter, res: rejection, allowed: false };
  }
}

/**
 * Counts requests per account and mode (or per client address when no valid key was sent) in a
 * per-second and a per-minute window, and states both in the response headers the spec names. With
 * Redis, every node counts there; while Redis is away or slow (RedisGuard's bound) each node counts
 * on its own instead of holding or failing requests.
 */
export class RateLimiter {
  private readonly tiers = new Map<number, Window[]>();
  private readonly budgets = new Map<string, Window>();

  private constructor(
    limits: RateLimits,
    /** The Redis counting across nodes, which GraphQL's cost buckets share; null in memory. */
    readonly redis: RedisGuard | null = null,
  ) {
    for (const factor of new Set(Object.values(PLANS).map((p) => p.requestFactor))) {
      const window = (name: string, seconds: number, perWindow: number) =>
        this.window(name, `x${factor}:${name}`, perWindow * factor, seconds);
      this.tiers.set(factor, [window("second", 1, limits.perSecond), window("minute", 60, limits.perMinute)]);
    }
  }

  private window(name: string, prefix: string, points: number, seconds: number): Window {
    return {
      name,
      seconds,
      points,
      shared: this.redis
        ? new RateLimiterRedis({
            storeClient: this.redis.client,
            keyPrefix: `${REDIS_KEY_PREFIX}:${prefix}`,
            points,
            duration: seconds,
            rejectIfRedisNotReady: true,
          })
        : null,
      own: new RateLimiterMemory({ points, duration: seconds }),
    };
  }

  static inMemory(limits: RateLimits = DEFAULT_RATE_LIMITS): RateLimiter {
    return new RateLimiter(limits);
  }

  /**
   * Waits for the first connection (or its failure) so that a node starts counting where the others
   * count; each loss and return of Redis is logged once (RedisGuard).
   */
  static async inRedis(url: string, logger: Logger, limits: RateLimits = DEFAULT_RATE_LIMITS) {
    return new RateLimiter(limits, await RedisGuard.connect(url, logger));
  }

  /** The windows' counts: in Redis when it answers within its bound (one round trip), else on this node. */
  private async count(counts: readonly Count[]): Promise<Counted[]> {
    const redis = this.redis;
    if (redis) {
      try {
        return await redis.run(() =>
          Promise.all(counts.map((c) => settle(c, c.window.shared as RateLimiterRedis))),
        );
      } catch {
        // RedisUnavailable, or a connection lost mid-command: this node's own count answers.
      }
    }
    return Promise.all(counts.map((c) => settle(c, c.window.own)));
  }

  /**
   * Gives back the point a refused request took from each window that allowed it, where it was taken:
   * a refused request is not served, so it spends no window.
   */
  private async refundAllowed(results: Counted[]): Promise<void> {
    await Promise.all(
      results.map(async (r) => {
        if (r.allowed) r.res = await this.refund(r);
      }),
    );
  }

  private async refund(counted: Counted): Promise<RateLimiterRes> {
    const reward = () => counted.limiter.reward(counted.key, 1);
    if (counted.limiter === counted.window.own || !this.redis) return reward();
    try {
      return await this.redis.run(reward);
    } catch {
      // Redis went away since it counted: the point stays spent there, as a request served would.
      return counted.res;
    }
  }

  async consume(key: string, plan: Plan | null, nowMs: number): Promise<RateLimitOutcome> {
    const windows = this.tiers.get(plan ? PLANS[plan].requestFactor : 1) as Window[];
    const results = await this.count(windows.map((window) => ({ window, key })));
    const denied = results
      .filter((r) => !r.allowed)
      .sort((a, b) => b.res.msBeforeNext - a.res.msBeforeNext)[0];
    // Without the refund, a burst refused by the second's window would also eat the minute's budget.
    if (denied) await this.refundAllowed(results);
    const minute = results.find((r) => r.window.name === "minute") as (typeof results)[number];
    const tightest =
      denied ?? results.reduce((a, b) => (b.res.remainingPoints < a.res.remainingPoints ? b : a));
    const headers: Record<string, string> = {
      "X-RateLimit-Limit": String(minute.window.points),
      "X-RateLimit-Remaining": String(Math.max(0, minute.res.remainingPoints)),
      "X-RateLimit-Reset": String(Math.ceil((nowMs + minute.res.msBeforeNext) / 1000)),
      "RateLimit-Policy": windows.map((w) => `"${w.name}";q=${w.points};w=${w.seconds}`).join(", "),
      RateLimit: `"${tightest.window.name}";r=${Math.max(0, tightest.res.remainingPoints)};t=${Math.ceil(tightest.res.msBeforeNext / 1000)}`,
    };
    if (denied) headers["Retry-After"] = String(Math.max(1, Math.ceil(denied.res.msBeforeNext / 1000)));
    return { allowed: !denied, headers };
  }

  /** Spends one request of each budget under its key, or none when any budget refuses it. */
  async spend(spends: readonly { budget: Budget; key: string }[]): Promise<BudgetOutcome> {
    const counts = spends.map(({ budget, key }) => {
      const id = `${budget.name}:${budget.points}:${budget.seconds}`;
      let window = this.budgets.get(id);
      if (!window) {
        window = this.window(budget.name, budget.name, budget.points, budget.seconds);
        this.budgets.set(id, window);
      }
      return { window, key };
    });
    const results = await this.count(counts);
    const refused = results.filter((r) => !r.allowed);
    if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0 };
    await this.refundAllowed(results);
    const waitMs = Math.max(...refused.map((r) => r.res.msBeforeNext));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  close(): void {
    this.redis?.close();
  }
}
