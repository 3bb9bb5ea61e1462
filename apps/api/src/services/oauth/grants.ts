import type { appComponents } from "@bahi/contract/app";
import { and, eq, gt, inArray, isNull, min } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { oauthApps, oauthTokens } from "../../db/schema.js";
import { notFound } from "../../values/problem.js";

type AuthorizedApp = appComponents["schemas"]["AuthorizedApp"];

/** The grants in force in an account (a token of theirs is neither revoked nor expired), newest first. */
export async function listAuthorizedApps(
  db: Executor,
  accountId: string,
  now: Date,
): Promise<AuthorizedApp[]> {
  const live = await db
    .select({
      grantId: oauthTokens.grantId,
      appId: oauthTokens.appId,
      appName: oauthApps.name,
      memberId: oauthTokens.memberId,
      livemode: oauthTokens.livemode,
      scopes: oauthTokens.scopes,
    })
    .from(oauthTokens)
    .innerJoin(oauthApps, eq(oauthApps.id, oauthTokens.appId))
    .where(
      and(
        eq(oauthTokens.accountId, accountId),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.expiresAt, now),
      ),
    );
  const grants = new Map(live.map((row) => [row.grantId, row]));
  if (grants.size === 0) return [];
  const since = await db
    .select({ grantId: oauthTokens.grantId, createdAt: min(oauthTokens.createdAt) })
    .from(oauthTokens)
    .where(inArray(oauthTokens.grantId, [...grants.keys()]))
    .groupBy(oauthTokens.grantId);
  const started = new Map(since.map((row) => [row.grantId, row.createdAt ?? now]));
  return [...grants.values()]
    .map(
      (row): AuthorizedApp => ({
        id: row.grantId,
        object: "authorized_app",
        app_id: row.appId,
        app_name: row.appName,
        member_id: row.memberId,
        livemode: row.livemode,
        scopes: row.scopes,
        created_at: (started.get(row.grantId) ?? now).toISOString(),
      }),
    )
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

/**
 * Ends a grant of the account: the member's own, or any when `anyMember` (owners and admins). Another
 * member's grant is 404 to the rest, as if it did not exist.
 */
export async function revokeAuthorizedApp(
  db: Executor,
  by: { accountId: string; memberId: string; anyMember: boolean },
  grantId: string,
  now: Date,
): Promise<void> {
  const ofGrant = and(eq(oauthTokens.grantId, grantId), eq(oauthTokens.accountId, by.accountId));
  const [token] = await db
    .select({ memberId: oauthTokens.memberId })
    .from(oauthTokens)
    .where(ofGrant)
    .limit(1);
  if (!token || (!by.anyMember && token.memberId !== by.memberId)) throw notFound("authorized app", grantId);
  await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(ofGrant, isNull(oauthTokens.revokedAt)));
}
