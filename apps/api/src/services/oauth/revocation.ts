import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { oauthTokens } from "../../db/schema.js";
import { hashSecret } from "../../secrets/api-key-secrets.js";
import { revokeGrant } from "./model.js";

async function tokenOf(db: Database, clientId: string, token: string) {
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(and(eq(oauthTokens.tokenHash, hashSecret(token)), eq(oauthTokens.appId, clientId)));
  return row;
}

/**
 * Revokes a token of this client (RFC 7009): a refresh token takes its whole grant with it, an access
 * token only itself. Answers whether anything changed.
 */
export async function revokeToken(
  db: Database,
  clientId: string,
  token: string,
  now: Date,
): Promise<boolean> {
  const row = await tokenOf(db, clientId, token);
  if (!row) return false;
  if (row.kind === "refresh") {
    await revokeGrant(db, row.grantId, now);
    return true;
  }
  await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.id, row.id), isNull(oauthTokens.revokedAt)));
  return true;
}

/** RFC 7662: what a token of this client is, or `{ active: false }` for anything else. */
export async function introspectToken(db: Database, clientId: string, token: string, now: Date) {
  const row = await tokenOf(db, clientId, token);
  if (!row || row.revokedAt || row.expiresAt <= now) return { active: false };
  return {
    active: true,
    scope: row.scopes.join(" "),
    client_id: row.appId,
    token_type: row.kind === "access" ? "Bearer" : "refresh_token",
    exp: Math.floor(row.expiresAt.getTime() / 1000),
    iat: Math.floor(row.createdAt.getTime() / 1000),
    sub: row.memberId,
    account_id: row.accountId,
    livemode: row.livemode,
  };
}
