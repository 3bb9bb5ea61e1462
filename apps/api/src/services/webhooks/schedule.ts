const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the 1st, 2nd, … failed attempt; the last one repeats until the window is spent. */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR] as const;
/** WEBHOOK_RETRY_WINDOW_HOURS in the spec: no attempt is scheduled after one failing this long after the event. */
export const RETRY_WINDOW_MS = 72 * HOUR;
/** Each wait is stretched or shrunk by up to this fraction, so that retries after an outage spread out. */
export const RETRY_JITTER = 0.1;

/** `random` in [0, 1), as Math.random. */
export function retryDelayMs(failedAttempt: number, random: () => number): number {
  const base = RETRY_DELAYS_MS[Math.min(failedAttempt, RETRY_DELAYS_MS.length) - 1] as number;
  return Math.round(base * (1 + RETRY_JITTER * (2 * random() - 1)));
}

/**
 * When to try again after attempt `failedAttempt` failed at `failedAt`, or null once an attempt failed
 * RETRY_WINDOW_MS or more after the event: the last attempt always comes after three days.
 */
export function nextAttemptAt(
  eventAt: Date,
  failedAt: Date,
  failedAttempt: number,
  random: () => number,
): Date | null {
  if (failedAt.getTime() - eventAt.getTime() >= RETRY_WINDOW_MS) return null;
  return new Date(failedAt.getTime() + retryDelayMs(failedAttempt, random));
}
