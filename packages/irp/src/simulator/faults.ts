import type { Random } from "./random.js";

/** How the simulated IRP misbehaves. Every field can be changed while it runs (POST /_sim/faults). */
export interface IrpFaults {
  /** Added to every API answer, in ms (0: none). */
  readonly latencyMs: number;
  /**
   * Log-normal latency added on top of latencyMs: its median and 99th percentile, in ms (null: none).
   * With only a median, every request waits the median.
   */
  readonly latencyMedianMs: number | null;
  readonly latencyP99Ms: number | null;
  /** The fraction of API requests (auth included) answered with errorStatus without being acted on. */
  readonly errorRate: number;
  /** The status of those answers (default 503). */
  readonly errorStatus: number;
  /** The next N API requests are answered with errorStatus (counts down). */
  readonly failNext: number;
  /** The fraction of Generate IRN requests that are registered, then left unanswered: the connection is destroyed. */
  readonly dropAfterRegisterRate: number;
  /** The next N new registrations are dropped that way (counts down). */
  readonly dropAfterRegisterNext: number;
  /** Every N seconds, every token issued before is refused with error 1005 (null: tokens live to their TokenExpiry). */
  readonly expireTokensEverySeconds: number | null;
}

export const DEFAULT_FAULTS: IrpFaults = {
  latencyMs: 0,
  latencyMedianMs: null,
  latencyP99Ms: null,
  errorRate: 0,
  errorStatus: 503,
  failNext: 0,
  dropAfterRegisterRate: 0,
  dropAfterRegisterNext: 0,
  expireTokensEverySeconds: null,
};

/** What POST /_sim/faults takes: any fields of IrpFaults, `reset` first, and `expireTokensNow`. */
export type FaultsPatch = Partial<IrpFaults> & {
  readonly reset?: boolean;
  readonly expireTokensNow?: boolean;
};

/** The 99th percentile of the standard normal distribution. */
const Z_99 = 2.326347874;

const isFraction = (value: unknown) => typeof value === "number" && value >= 0 && value <= 1;
const isMs = (value: unknown) => typeof value === "number" && Number.isFinite(value) && value >= 0;
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const orNull = (check: (value: unknown) => boolean) => (value: unknown) => value === null || check(value);

const CHECKS: { readonly [K in keyof IrpFaults]: readonly [(value: unknown) => boolean, string] } = {
  latencyMs: [isMs, "a number of ms ≥ 0"],
  latencyMedianMs: [orNull((v) => isMs(v) && (v as number) > 0), "a number of ms > 0, or null"],
  latencyP99Ms: [orNull((v) => isMs(v) && (v as number) > 0), "a number of ms > 0, or null"],
  errorRate: [isFraction, "a fraction from 0 to 1"],
  errorStatus: [(v) => Number.isInteger(v) && (v as number) >= 500 && (v as number) <= 599, "a 5xx status"],
  failNext: [isCount, "a whole number ≥ 0"],
  dropAfterRegisterRate: [isFraction, "a fraction from 0 to 1"],
  dropAfterRegisterNext: [isCount, "a whole number ≥ 0"],
  expireTokensEverySeconds: [orNull((v) => isMs(v) && (v as number) > 0), "a number of seconds > 0, or null"],
};

/** Checks a patch and answers the faults it makes of `current`; throws an Error naming a bad field. */
export function applyFaultsPatch(current: IrpFaults, patch: FaultsPatch): IrpFaults {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch))
    throw new Error("faults must be an object");
  const next: Record<string, unknown> = { ...(patch.reset ? DEFAULT_FAULTS : current) };
  for (const [key, value] of Object.entries(patch)) {
    if (key === "reset" || key === "expireTokensNow") continue;
    const check = CHECKS[key as keyof IrpFaults];
    if (!check) throw new Error(`unknown fault "${key}"`);
    if (!check[0](value)) throw new Error(`${key} must be ${check[1]}`);
    next[key] = value;
  }
  const faults = next as unknown as IrpFaults;
  if (faults.latencyP99Ms !== null && faults.latencyMedianMs === null) {
    throw new Error("latencyP99Ms needs latencyMedianMs");
  }
  if (
    faults.latencyP99Ms !== null &&
    faults.latencyMedianMs !== null &&
    faults.latencyP99Ms < faults.latencyMedianMs
  ) {
    throw new Error("latencyP99Ms must be at least latencyMedianMs");
  }
  return faults;
}

/**
 * A latency sample in ms: latencyMs plus, when a median is set, a log-normal sample whose median and
 * 99th percentile are the ones asked (μ = ln median, σ = (ln p99 − ln median) / z₀.₉₉).
 */
export function sampleLatency(faults: IrpFaults, random: Random): number {
  let latency = faults.latencyMs;
  const median = faults.latencyMedianMs;
  if (median !== null) {
    const p99 = faults.latencyP99Ms ?? median;
    const sigma = (Math.log(p99) - Math.log(median)) / Z_99;
    latency += Math.exp(Math.log(median) + sigma * random.normal());
  }
  return latency;
}
