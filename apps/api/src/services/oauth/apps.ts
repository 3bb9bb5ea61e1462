import type { appComponents } from "@bahi/contract/app";
import { asc, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { accounts, memberships, oauthApps } from "../../db/schema.js";
import { newPrefixedSecret, OAUTH_CLIENT_SECRET_PREFIX } from "../../secrets/api-key-secrets.js";
import { newId } from "../../values/ids.js";

type OAuthApp = appComponents["schemas"]["OAuthApp"];
type OAuthAppWithSecret = appComponents["schemas"]["OAuthAppWithSecret"];
export type OAuthAppRow = typeof oauthApps.$inferSelect;

function toOAuthApp(row: OAuthAppRow): OAuthApp {
  return {
    id: row.id,
    object: "oauth_app",
    client_id: row.id,
    name: row.name,
    confidential: row.confidential,
    redirect_uris: row.redirectUris,
    created_at: row.createdAt.toISOString(),
  };
}

export async function registerOAuthApp(
  db: Executor,
  by: { accountId: string; memberId: string },
  input: appComponents["schemas"]["OAuthAppCreate"],
): Promise<OAuthAppWithSecret> {
  const secret = input.confidential ? newPrefixedSecret(OAUTH_CLIENT_SECRET_PREFIX) : null;
  const [row] = await db
    .insert(oauthApps)
    .values({
      id: newId("oauthApp"),
      accountId: by.accountId,
      name: input.name,
      confidential: input.confidential,
      clientSecretHash: secret?.hash ?? null,
      redirectUris: [...input.redirect_uris],
      createdBy: by.memberId,
    })
    .returning();
  if (!row) throw new Error("insert returned no app");
  return { ...toOAuthApp(row), client_secret: secret?.secret ?? null };
}

export async function listOAuthApps(db: Executor, accountId: string): Promise<OAuthApp[]> {
  const rows = await db
    .select()
    .from(oauthApps)
    .where(eq(oauthApps.accountId, accountId))
    .orderBy(desc(oauthApps.createdAt), desc(oauthApps.id));
  return rows.map(toOAuthApp);
}

export async function findOAuthApp(db: Executor, clientId: string): Promise<OAuthAppRow | undefined> {
  const [row] = await db.select().from(oauthApps).where(eq(oauthApps.id, clientId));
  return row;
}

/** The accounts a member may approve an app for, oldest membership first. */
export async function accountsOfMember(db: Executor, memberId: string) {
  return db
    .select({ accountId: memberships.accountId, legalName: accounts.legalName, role: memberships.role })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.memberId, memberId))
    .orderBy(asc(memberships.createdAt), asc(memberships.accountId));
}

/** Bahi's own public client, for `pnpm bahi login`: registered by migration 0028, of no account. */
export const BAHI_CLI_CLIENT_ID = "bahi-cli";
