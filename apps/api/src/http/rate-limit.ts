import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Plan } from "../services/accounts.js";

/** Requests per minute and per second on the default plans; enterprise plans get ten times both. */
export const REQUESTS_PER_MINUTE = 1_000;
export const REQUESTS_PER_SECOND = 200;
const ENTERPRISE_FACTOR = 10;

export interface RateLimitOutcome {
  readonly allowed: boolean;
  readonly headers: Record<string, string>;
}

interface Window {
  readonly name: "minute" | "second";
  readonly seconds: number;
  readonly limiter: RateLimiterMemory;
}

export interface RateLimits {
  readonly perMinute: number;
  readonly perSecond: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perMinute: REQUESTS_PER_MINUTE,
  perSecond: REQUESTS_PER_SECOND,
};

function windowsFor(limits: RateLimits, factor: number): Window[] {
  return [
    {
      name: "second",
      seconds: 1,
      limiter: new RateLimiterMemory({ points: limits.perSecond * factor, duration: 1 }),
    },
    {
      name: "minute",
      seconds: 60,
      limiter: new RateLimiterMemory({ points: limits.perMinute * factor, duration: 60 }),
    },
  ];
}

/**
 * Counts requests per account and mode (or per client address when no valid key was sent) in a
 * per-second and a per-minute window, and states both in the response headers the spec names.
 */
export class RateLimiter {
  private readonly standard: Window[];
  private readonly enterprise: Window[];

  constructor(limits: RateLimits = DEFAULT_RATE_LIMITS) {
    this.standard = windowsFor(limits, 1);
    this.enterprise = windowsFor(limits, ENTERPRISE_FACTOR);
  }

  async consume(key: string, plan: Plan | null, nowMs: number): Promise<RateLimitOutcome> {
    const windows = plan === "enterprise" ? this.enterprise : this.standard;
    const results: { window: Window; res: RateLimiterRes; allowed: boolean }[] = [];
    for (const window of windows) {
      try {
        results.push({ window, res: await window.limiter.consume(key), allowed: true });
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        results.push({ window, res: rejection, allowed: false });
        break;
      }
    }
    const minuteWindow = windows[1] as Window;
    const minute = results.find((r) => r.window.name === "minute") ?? {
      window: minuteWindow,
      res:
        (await minuteWindow.limiter.get(key)) ?? new RateLimiterRes(minuteWindow.limiter.points, 60_000, 0),
    };
    const denied = results.find((r) => !r.allowed);
    const tightest =
      denied ?? results.reduce((a, b) => (b.res.remainingPoints < a.res.remainingPoints ? b : a));
    const headers: Record<string, string> = {
      "X-RateLimit-Limit": String(minuteWindow.limiter.points),
      "X-RateLimit-Remaining": String(Math.max(0, minute.res.remainingPoints)),
      "X-RateLimit-Reset": String(Math.ceil((nowMs + minute.res.msBeforeNext) / 1000)),
      "RateLimit-Policy": windows.map((w) => `"${w.name}";q=${w.limiter.points};w=${w.seconds}`).join(", "),
      RateLimit: `"${tightest.window.name}";r=${Math.max(0, tightest.res.remainingPoints)};t=${Math.ceil(tightest.res.msBeforeNext / 1000)}`,
    };
    if (denied) headers["Retry-After"] = String(Math.max(1, Math.ceil(denied.res.msBeforeNext / 1000)));
    return { allowed: !denied, headers };
  }
}
