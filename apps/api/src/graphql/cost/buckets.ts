import { LRUCache } from "lru-cache";
import { PLANS } from "../../services/accounts/plans.js";
import type { Principal } from "../../services/accounts/principal.js";
import { COST_BUCKET_SIZE, COST_RESTORE_RATE } from "../limits.js";

/** What every answer says of its bucket (`extensions.cost.throttleStatus`), as Shopify's does. */
export interface ThrottleStatus {
  readonly maximumAvailable: number;
  readonly currentlyAvailable: number;
  readonly restoreRate: number;
}

/** A query's cost taken from a bucket (`shared`: Redis's, else this node's), or refused. */
export type Withdrawal =
  | { readonly taken: true; readonly status: ThrottleStatus; readonly shared: boolean }
  | { readonly taken: false; readonly status: ThrottleStatus; readonly retryAfter: number };

/** The cost buckets a node spends from: its own (CostBuckets), or every node's (SharedCostBuckets). */
export interface CostBucketStore {
  take(principal: Principal, cost: number): Withdrawal | Promise<Withdrawal>;
  /** Gives back what a query requested but did not use, to the bucket it was taken from. */
  refund(principal: Principal, points: number, shared: boolean): ThrottleStatus | Promise<ThrottleStatus>;
  status(principal: Principal): ThrottleStatus | Promise<ThrottleStatus>;
}

interface Bucket {
  available: number;
  at: number;
}

/** The most accounts and modes whose buckets a node keeps; one untouched that long is full again. */
const MAX_BUCKETS = 100_000;

/**
 * A leaky bucket of query cost per account and mode (key rotation does not refill it), refilled at
 * the plan's rate: COST_BUCKET_SIZE points refilled at COST_RESTORE_RATE a second, both times the
 * plan's request factor (enterprise 10×). Kept in the node's memory: with several API nodes each
 * keeps its own, as the in-memory request limiter does (SharedCostBuckets shares them through Redis).
 */
export class CostBuckets implements CostBucketStore {
  private readonly buckets = new LRUCache<string, Bucket>({ max: MAX_BUCKETS });

  /** The bucket's size and its refill a second on the principal's plan. */
  limitsOf(principal: Principal): { size: number; rate: number } {
    const factor = PLANS[principal.plan].requestFactor;
    return { size: COST_BUCKET_SIZE * factor, rate: COST_RESTORE_RATE * factor };
  }

  private bucketOf(principal: Principal, now: number): { bucket: Bucket; size: number; rate: number } {
    const { size, rate } = this.limitsOf(principal);
    const key = `${principal.accountId}:${principal.livemode ? "live" : "test"}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { available: size, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.available = Math.min(size, bucket.available + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    return { bucket, size, rate };
  }

  private statusOf(bucket: Bucket, size: number, rate: number): ThrottleStatus {
    return { maximumAvailable: size, currentlyAvailable: Math.floor(bucket.available), restoreRate: rate };
  }

  /**
   * Takes `cost` points, or refuses when the bucket holds fewer, saying in how many seconds it will
   * hold enough.
   */
  take(principal: Principal, cost: number, now = Date.now()): Withdrawal {
    const { bucket, size, rate } = this.bucketOf(principal, now);
    if (cost > bucket.available) {
      const retryAfter = Math.ceil((cost - bucket.available) / rate);
      return { taken: false, status: this.statusOf(bucket, size, rate), retryAfter };
    }
    bucket.available -= cost;
    return { taken: true, status: this.statusOf(bucket, size, rate), shared: false };
  }

  /** Gives back what a query requested but did not use. */
  refund(principal: Principal, points: number, _shared = false, now = Date.now()): ThrottleStatus {
    const { bucket, size, rate } = this.bucketOf(principal, now);
    bucket.available = Math.min(size, bucket.available + Math.max(0, points));
    return this.statusOf(bucket, size, rate);
  }

  status(principal: Principal, now = Date.now()): ThrottleStatus {
    const { bucket, size, rate } = this.bucketOf(principal, now);
    return this.statusOf(bucket, size, rate);
  }
}
