import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accounts, apiKeys } from "../../db/schema.js";
import {
  hashSecret,
  isWellFormedPersonalAccessToken,
  isWellFormedPrefixed,
  isWellFormedSecret,
  OAUTH_ACCESS_TOKEN_PREFIX,
  PERSONAL_ACCESS_TOKEN_PREFIX,
  sameDigest,
} from "../../secrets/api-key-secrets.js";
import { ApiError } from "../../values/problem.js";
import { lookUpPersonalAccessToken, tokenRefused } from "../members/personal-access-tokens.js";
import { lookUpOAuthAccessToken } from "../oauth/access-tokens.js";
import type { Principal } from "./principal.js";

const unauthorized = (code: string, detail: string) => new ApiError(401, code, detail);

export type Authentication = { principal: Principal } | { failure: ApiError } | { anonymous: true };

/** AUTH_CACHE_TTL_MS: how long a node trusts what it read about a key (revocation, scopes, pause). */
export const AUTH_CACHE_TTL_MS = 5_000;
/**
 * AUTH_CACHE_REFRESH_AHEAD_MS: a key used in the last this many milliseconds of what the node read
 * about it is read again in the background, the request served from what was read: otherwise, every
 * AUTH_CACHE_TTL_MS, each request in flight on a busy key would wait for a read.
 */
export const AUTH_CACHE_REFRESH_AHEAD_MS = 1_000;
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
  /** Set for a member's token (personal or OAuth): the member it acts as. */
  memberId?: string;
  /** Set for an OAuth access token: the app it was issued to. */
  appId?: string;
};

/** A key as read, with its principal built once, so that a hit allocates nothing. */
type KnownKey = { row: KeyRow; principal: Principal };

/**
 * Known keys by digest, for a few seconds: authentication would otherwise cost a database round trip
 * on every request. Unknown keys are never cached, so guessing cannot fill it. A change of a key on
 * this node clears it once committed; other nodes see it within AUTH_CACHE_TTL_MS. Requests that need
 * the same key read at the same time share one read.
 */
export class KeyCache {
  /** `readAt`: when the read that found the entry started; it is trusted until AUTH_CACHE_TTL_MS later. */
  private readonly entries = new Map<string, KnownKey & { readAt: number }>();
  /** Reads in flight by digest, all started since the last clear. */
  private readonly reads = new Map<string, Promise<KnownKey | undefined>>();
  /**
   * Counts the clears: a key read before a clear is not cached after it, since the read may have
   * seen the key as it was before the change that the clear is for.
   */
  private clears = 0;

  /**
   * What the node knows of the key with this digest at `nowMs`: from the cache while it is trusted,
   * otherwise from `read`, which answers the key's row if its stored digest is this one. A hit in
   * the last AUTH_CACHE_REFRESH_AHEAD_MS reads it again in the background; a read that fails then
   * leaves the entry as it was, and the next request tries again.
   */
  known(
    digest: string,
    nowMs: number,
    read: (digest: string) => Promise<KeyRow | undefined>,
  ): Promise<KnownKey | undefined> | KnownKey {
    const entry = this.entries.get(digest);
    if (entry && nowMs < entry.readAt + AUTH_CACHE_TTL_MS) {
      if (nowMs >= entry.readAt + AUTH_CACHE_TTL_MS - AUTH_CACHE_REFRESH_AHEAD_MS) {
        this.read(digest, nowMs, read).catch(() => {});
      }
      return entry;
    }
    if (entry) this.entries.delete(digest);
    return this.read(digest, nowMs, read);
  }

  clear(): void {
    this.clears += 1;
    this.entries.clear();
    this.reads.clear();
  }

  private read(
    digest: string,
    nowMs: number,
    read: (digest: string) => Promise<KeyRow | undefined>,
  ): Promise<KnownKey | undefined> {
    const inFlight = this.reads.get(digest);
    if (inFlight) return inFlight;
    const generation = this.clears;
    const reading = read(digest)
      .then((row) => {
        if (!row) return undefined;
        const known = { row, principal: principalOf(row) };
        if (generation === this.clears) this.store(digest, known, nowMs);
        return known;
      })
      .finally(() => {
        if (this.reads.get(digest) === reading) this.reads.delete(digest);
      });
    this.reads.set(digest, reading);
    return reading;
  }

  private store(digest: string, known: KnownKey, readAt: number): void {
    this.entries.delete(digest);
    if (this.entries.size >= AUTH_CACHE_MAX_KEYS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(digest, { ...known, readAt });
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
  if (secret?.startsWith(PERSONAL_ACCESS_TOKEN_PREFIX)) return authenticateToken(db, cache, secret, now);
  if (secret?.startsWith(OAUTH_ACCESS_TOKEN_PREFIX)) return authenticateAccessToken(db, cache, secret, now);
  if (!secret || !isWellFormedSecret(secret)) {
    return {
      failure: unauthorized(
        "invalid_api_key",
        "The Authorization header must be `Bearer sk_test_…` or `Bearer sk_live_…`.",
      ),
    };
  }
  const digest = hashSecret(secret);
  // A hit needs no second comparison: the cache holds a key only under the digest it was found by,
  // compared when it was read.
  const known = await cache.known(digest, now.getTime(), (wanted) => lookUp(db, wanted));
  if (!known) return { failure: unauthorized("invalid_api_key", "No such API key.") };
  const { row, principal } = known;
  if (row.revokedAt) return { failure: unauthorized("api_key_revoked", "This API key has been revoked.") };
  if (row.expiresAt && row.expiresAt <= now) {
    return {
      failure: unauthorized("api_key_expired", `This API key expired at ${row.expiresAt.toISOString()}.`),
    };
  }
  return { principal };
}

/**
 * A personal access token, found as keys are (by the hash of the whole token, then cached alike); its
 * refusals are RFC 6750's `invalid_token`, which says no more than a key's would.
 */
async function authenticateToken(
  db: Database,
  cache: KeyCache,
  token: string,
  now: Date,
): Promise<Authentication> {
  if (!isWellFormedPersonalAccessToken(token)) {
    return { failure: tokenRefused("A personal access token is `bahi_pat_` and 43 letters and digits.") };
  }
  const known = await cache.known(hashSecret(token), now.getTime(), (digest) =>
    lookUpPersonalAccessToken(db, digest, now),
  );
  if (!known)
    return { failure: tokenRefused("No such personal access token, or its member left the account.") };
  const { row, principal } = known;
  if (row.revokedAt) return { failure: tokenRefused("This personal access token has been revoked.") };
  if (row.expiresAt && row.expiresAt <= now) {
    return {
      failure: tokenRefused(`This personal access token expired at ${row.expiresAt.toISOString()}.`),
    };
  }
  return { principal };
}

/** An OAuth access token: as a personal access token, issued to an app by a member's consent. */
async function authenticateAccessToken(
  db: Database,
  cache: KeyCache,
  token: string,
  now: Date,
): Promise<Authentication> {
  if (!isWellFormedPrefixed(OAUTH_ACCESS_TOKEN_PREFIX, token)) {
    return { failure: tokenRefused("An access token is `bahi_at_` and 43 letters and digits.") };
  }
  const known = await cache.known(hashSecret(token), now.getTime(), (digest) =>
    lookUpOAuthAccessToken(db, digest),
  );
  if (!known) return { failure: tokenRefused("No such access token, or its member left the account.") };
  const { row, principal } = known;
  if (row.revokedAt) return { failure: tokenRefused("This access token has been revoked.") };
  if (row.expiresAt && row.expiresAt <= now) {
    return { failure: tokenRefused(`This access token expired at ${row.expiresAt.toISOString()}.`) };
  }
  return { principal };
}

function principalOf(row: KeyRow): Principal {
  return {
    accountId: row.accountId,
    livemode: row.livemode,
    keyId: row.id,
    ...(row.memberId ? { memberId: row.memberId, bearerToken: true } : {}),
    ...(row.appId ? { appId: row.appId } : {}),
    scopes: new Set(row.scopes),
    plan: row.plan,
    subscriptionStatus: row.subscriptionStatus,
  };
}

/** The key whose stored digest is `digest`, compared once more in constant time. */
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
  return row && sameDigest(row.secretHash, digest) ? row : undefined;
}
