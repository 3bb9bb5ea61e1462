import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { accounts, apiKeys } from "../db/schema.js";
import { ApiError } from "../errors.js";
import type { Principal } from "./principal.js";
import { hashSecret, isWellFormedSecret, sameDigest } from "./secrets.js";

const unauthorized = (code: string, detail: string) => new ApiError(401, code, detail);

export type Authentication = { principal: Principal } | { failure: ApiError } | { anonymous: true };

/**
 * Resolves a bearer key to its account and mode. The lookup is by the hash of the whole secret, so
 * neither the query's timing nor its answer says anything about other keys or accounts; the digest
 * is compared once more in constant time.
 */
export async function authenticate(
  db: Database,
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
  if (!row || !sameDigest(row.secretHash, digest)) {
    return { failure: unauthorized("invalid_api_key", "No such API key.") };
  }
  if (row.revokedAt) return { failure: unauthorized("api_key_revoked", "This API key has been revoked.") };
  if (row.expiresAt && row.expiresAt <= now) {
    return {
      failure: unauthorized("api_key_expired", `This API key expired at ${row.expiresAt.toISOString()}.`),
    };
  }
  return {
    principal: {
      accountId: row.accountId,
      livemode: row.livemode,
      keyId: row.id,
      scopes: new Set(row.scopes),
      plan: row.plan,
      subscriptionStatus: row.subscriptionStatus,
    },
  };
}
