import type { RedisGuard } from "../../http/redis-guard.js";
import type { Principal } from "../../services/accounts/principal.js";
import type { CostBuckets, ThrottleStatus, Withdrawal } from "./buckets.js";

/** Where every node's cost buckets live in Redis, beside the request limiter's `bahi:rl` keys. */
export const COST_KEY_PREFIX = "bahi:cost";

/**
 * One bucket in one step, on Redis's clock so that nodes whose clocks differ agree: refill by the
 * time elapsed since it was last touched, then take ARGV[3] points (or refuse, with the seconds until
 * the bucket holds them), give them back, or only look. A bucket untouched long enough to be full
 * again expires, so idle accounts cost no memory. Answers { taken, available, retryAfter }, the
 * available points as text (Lua would truncate a number).
 */
const BUCKET_SCRIPT = `
local size = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local points = tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'available', 'at')
local available = tonumber(state[1]) or size
local at = tonumber(state[2]) or now
available = math.min(size, available + math.max(0, now - at) * rate / 1000)
local taken = 1
local retry = 0
if ARGV[4] == 'take' then
  if points > available then
    taken = 0
    retry = math.ceil((points - available) / rate)
  else
    available = available - points
  end
elseif ARGV[4] == 'refund' then
  available = math.min(size, available + math.max(0, points))
end
redis.call('HSET', KEYS[1], 'available', tostring(available), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((size - available) / rate * 1000) + 1000)
return { taken, tostring(available), retry }
`;

type BucketCommand = (
  key: string,
  size: number,
  rate: number,
  points: number,
  action: "take" | "refund" | "look",
) => Promise<[number, string, number]>;

/**
 * The cost buckets of every node in one Redis (the request limiter's): one bucket per account and
 * mode, whichever node a query reaches. While Redis is away or slower than the guard's bound, this
 * node's own buckets take over, and the status an answer carries is that of the bucket actually used.
 */
export class SharedCostBuckets {
  private readonly bucket: BucketCommand;

  constructor(
    private readonly redis: RedisGuard,
    private readonly fallback: CostBuckets,
  ) {
    const client = redis.client;
    if (!("costBucket" in client))
      client.defineCommand("costBucket", { numberOfKeys: 1, lua: BUCKET_SCRIPT });
    this.bucket = (client as unknown as { costBucket: BucketCommand }).costBucket.bind(client);
  }

  private async run(principal: Principal, points: number, action: "take" | "refund" | "look") {
    const { size, rate } = this.fallback.limitsOf(principal);
    const key = `${COST_KEY_PREFIX}:${principal.accountId}:${principal.livemode ? "live" : "test"}`;
    const [taken, available, retryAfter] = await this.redis.run(() =>
      this.bucket(key, size, rate, points, action),
    );
    const status: ThrottleStatus = {
      maximumAvailable: size,
      currentlyAvailable: Math.floor(Number(available)),
      restoreRate: rate,
    };
    return { taken: taken === 1, status, retryAfter };
  }

  async take(principal: Principal, cost: number): Promise<Withdrawal> {
    try {
      const outcome = await this.run(principal, cost, "take");
      return outcome.taken
        ? { taken: true, status: outcome.status, shared: true }
        : { taken: false, status: outcome.status, retryAfter: outcome.retryAfter };
    } catch {
      return this.fallback.take(principal, cost);
    }
  }

  /** Gives points back to the bucket they were taken from: Redis's, or this node's. */
  async refund(principal: Principal, points: number, shared: boolean): Promise<ThrottleStatus> {
    if (!shared) return this.fallback.refund(principal, points);
    try {
      return (await this.run(principal, points, "refund")).status;
    } catch {
      // Redis went away during the query: its points stay spent there; this node's bucket is the one in use now.
      return this.fallback.status(principal);
    }
  }

  async status(principal: Principal): Promise<ThrottleStatus> {
    try {
      return (await this.run(principal, 0, "look")).status;
    } catch {
      return this.fallback.status(principal);
    }
  }
}
