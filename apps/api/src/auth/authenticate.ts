import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { accounts, apiKeys } from "../db/schema.js";
import { ApiError } from "../errors.js";
import type { Principal } from "./principal.js";
import { hashSecret, isWellFormedSecret, sameDigest } from "./secrets.js";

const unauthorized = (code: string, detail: string) => new ApiError(401, code, detail);

export type Authentication = { principal: Principal } | { failure: ApiError } | { anonymous: true };

/** AUTH_CACHE_TTL_MS: how long a node trusts what it read about a key (revocation, scopes, pause). */
export const AUTH_CACHE_TTL_MS = 5_000;
const AUTH_CACHE_MAX_KEYS = 10_000;

type KeyRow = {
  accountId: string;
  livemode: boolean;
  id: string;
  secretHash: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  plan: Principal["plan"];
  subscriptionStatus: Principal["subscriptionStatus"];
};

/**
 * Known keys by digest, for a few seconds: authentication would otherwise cost a database round trip
 * on every request. Unknown keys are never cached, so guessing cannot fill it. A change of a key on
 * this node clears it once committed; other nodes see it within AUTH_CACHE_TTL_MS.
 */
export class KeyCache {
  /** Each key's principal is built once when read, so a hit allocates nothing. */
  private readonly entries = new Map<string, { row: KeyRow; principal: Principal; until: number }>();
  /**
   * Counts the clears: a key read before a clear is not cached after it, since the read may have
   * seen the key as it was before the change that the clear is for.
   */
  private clears = 0;

  get generation(): number {
    return this.clears;
  }

  get(digest: string, nowMs: number): { row: KeyRow; principal: Principal } | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.until > nowMs) return entry;
    this.entries.delete(digest);
    return undefined;
  }

  /** Caches `row`, read since `generation`, unless the cache was cleared meanwhile. */
  set(digest: string, row: KeyRow, principal: Principal, nowMs: number, generation: number): void {
    if (generation !== this.clears) return;
    if (this.entries.size >= AUTH_CACHE_MAX_KEYS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(digest, { row, principal, until: nowMs + AUTH_CACHE_TTL_MS });
  }

  clear(): void {
    this.clears += 1;
    this.entries.clear();
  }
}

/**
 * Resolves a bearer key to its account and mode. The lookup is by the hash of the whole secret, so
 * neither the query's timing nor its answer says anything about other keys or accounts; the digest
 * is compared once more in constant time.
 */
export async function authenticate(
  db: Database,
  cache: KeyCache,
  authorization: string | undefined,
  now: Date,
): Promise<Authentication> {
  if (!authorization) return { anonymous: true };
  const match = /^Bearer ([^\s]+)$/.exec(authorization);
  const secret = match?.[1];
  if (!secret || !isWellFormedSecret(secret)) {
    return {
      failure: unauthorized(
        "invalid_api_key",
        "The Authorization header must be `Bearer sk_test_…` or `Bearer sk_live_…`.",
      ),
    };
  }
  const digest = hashSecret(secret);
  const nowMs = now.getTime();
  // A hit needs no second comparison: the cache holds a key only under the digest it was found by,
  // compared when it was read.
  let known = cache.get(digest, nowMs);
  if (!known) {
    const generation = cache.generation;
    const row = await lookUp(db, digest);
    if (!row || !sameDigest(row.secretHash, digest)) {
      return { failure: unauthorized("invalid_api_key", "No such API key.") };
    }
    known = { row, principal: principalOf(row) };
    // Cached only when read: a hit that renewed the entry would keep a key that is used without
    // pause trusted for ever, never seeing its revocation on another node.
    cache.set(digest, row, known.principal, nowMs, generation);
  }
  const { row, principal } = known;
  if (row.revokedAt) return { failure: unauthorized("api_key_revoked", "This API key has been revoked.") };
  if (row.expiresAt && row.expiresAt <= now) {
    return {
      failure: unauthorized("api_key_expired", `This API key expired at ${row.expiresAt.toISOString()}.`),
    };
  }
  return { principal };
}

function principalOf(row: KeyRow): Principal {
  return {
    accountId: row.accountId,
    livemode: row.livemode,
    keyId: row.id,
    scopes: new Set(row.scopes),
    plan: row.plan,
    subscriptionStatus: row.subscriptionStatus,
  };
}

async function lookUp(db: Database, digest: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select({
      accountId: apiKeys.accountId,
      livemode: apiKeys.livemode,
      id: apiKeys.id,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      plan: accounts.plan,
      subscriptionStatus: accounts.subscriptionStatus,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(eq(apiKeys.secretHash, digest))
    .limit(1);
  return row;
}
