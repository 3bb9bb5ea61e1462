import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { accounts, memberships, oauthTokens } from "../../db/schema.js";
import { sameDigest } from "../../secrets/api-key-secrets.js";
import type { TokenGrant } from "../members/personal-access-tokens.js";
import { effectiveScopes } from "../members/personal-access-tokens.js";

/**
 * The access token whose stored digest is `digest`, for /v1: acting as the member who approved, in the
 * account and mode approved, with the approved scopes that the member's role still allows.
 */
export async function lookUpOAuthAccessToken(db: Executor, digest: string): Promise<TokenGrant | undefined> {
  const [row] = await db
    .select({
      token: oauthTokens,
      role: memberships.role,
      plan: accounts.plan,
      subscriptionStatus: accounts.subscriptionStatus,
    })
    .from(oauthTokens)
    .innerJoin(
      memberships,
      and(eq(memberships.memberId, oauthTokens.memberId), eq(memberships.accountId, oauthTokens.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, oauthTokens.accountId))
    .where(and(eq(oauthTokens.tokenHash, digest), eq(oauthTokens.kind, "access")))
    .limit(1);
  if (!row || !sameDigest(row.token.tokenHash, digest)) return undefined;
  const { token } = row;
  return {
    accountId: token.accountId,
    livemode: token.livemode,
    id: token.id,
    memberId: token.memberId,
    appId: token.appId,
    secretHash: token.tokenHash,
    scopes: effectiveScopes(token.scopes, row.role),
    expiresAt: token.expiresAt,
    revokedAt: token.revokedAt,
    plan: row.plan,
    subscriptionStatus: row.subscriptionStatus,
  };
}
