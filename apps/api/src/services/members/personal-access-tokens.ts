import type { appComponents } from "@bahi/contract/app";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { accounts, memberships, personalAccessTokens } from "../../db/schema.js";
import { newPersonalAccessToken, sameDigest } from "../../secrets/api-key-secrets.js";
import { newId } from "../../values/ids.js";
import { ApiError, notFound } from "../../values/problem.js";
import { checkKnownScopes } from "../accounts/api-keys.js";
import { ALL_SCOPES, type Principal } from "../accounts/principal.js";
import { type Actor, recordAudit } from "../audit/audit-log.js";
import { type Role, scopesOf } from "./roles.js";

type PersonalAccessToken = appComponents["schemas"]["PersonalAccessToken"];
type PersonalAccessTokenWithSecret = appComponents["schemas"]["PersonalAccessTokenWithSecret"];
type TokenRow = typeof personalAccessTokens.$inferSelect;

/** MAX_PERSONAL_ACCESS_TOKEN_DAYS: a token expires within a year; spec/app's `expires_in_days` maximum. */
export const MAX_PERSONAL_ACCESS_TOKEN_DAYS = 365;
/**
 * LAST_USED_PRECISION_SECONDS: `last_used_at` is written at most this often per token, so that a busy
 * script does not turn every read into a write.
 */
export const LAST_USED_PRECISION_SECONDS = 60;

const DAY_MS = 86_400_000;

function toPersonalAccessToken(row: TokenRow): PersonalAccessToken {
  return {
    id: row.id,
    object: "personal_access_token",
    account_id: row.accountId,
    livemode: row.livemode,
    name: row.name,
    prefix: row.prefix,
    last4: row.last4,
    scopes: row.scopes,
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Who makes or revokes a token: a signed-in member, in the session's account and mode. */
export interface TokenOwner {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly memberId: string;
  readonly role: Role;
  readonly actor: Actor;
  readonly address: string;
}

export async function createPersonalAccessToken(
  db: Executor,
  by: TokenOwner,
  input: { name: string; scopes: string[]; livemode?: boolean | undefined; expires_in_days: number },
  knownScopes: ReadonlySet<string>,
  now: Date,
): Promise<PersonalAccessTokenWithSecret> {
  // The schema says as much; kept here too, so that no other caller can make a longer-lived token.
  if (input.expires_in_days > MAX_PERSONAL_ACCESS_TOKEN_DAYS) throw new Error("expiry beyond the maximum");
  checkKnownScopes(input.scopes, knownScopes);
  const allowed = scopesOf(by.role);
  const beyond = allowed.has(ALL_SCOPES) ? [] : input.scopes.filter((scope) => !allowed.has(scope));
  if (beyond.length > 0) {
    throw new ApiError(
      403,
      "scope_escalation",
      `Your role (${by.role}) does not allow ${beyond.join(", ")}: a token cannot do more than its member.`,
    );
  }
  const secret = newPersonalAccessToken();
  const [row] = await db
    .insert(personalAccessTokens)
    .values({
      id: newId("personalAccessToken"),
      accountId: by.accountId,
      livemode: input.livemode ?? by.livemode,
      memberId: by.memberId,
      name: input.name,
      prefix: secret.prefix,
      last4: secret.last4,
      tokenHash: secret.hash,
      scopes: [...input.scopes],
      expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
    })
    .returning();
  if (!row) throw new Error("insert returned no token");
  await recordAudit(db, {
    accountId: by.accountId,
    actor: by.actor,
    action: "personal_access_token.created",
    targetId: row.id,
    livemode: row.livemode,
    details: { name: row.name, scopes: row.scopes, expires_at: row.expiresAt.toISOString() },
    address: by.address,
  });
  return { ...toPersonalAccessToken(row), token: secret.secret };
}

export async function listPersonalAccessTokens(
  db: Executor,
  by: Pick<TokenOwner, "accountId" | "memberId">,
): Promise<PersonalAccessToken[]> {
  const rows = await db
    .select()
    .from(personalAccessTokens)
    .where(
      and(eq(personalAccessTokens.accountId, by.accountId), eq(personalAccessTokens.memberId, by.memberId)),
    )
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
  return rows.map(toPersonalAccessToken);
}

/** Revokes one of the member's own tokens in the account; a revoked one stays as it was. */
export async function revokePersonalAccessToken(
  db: Executor,
  by: TokenOwner,
  id: string,
  now: Date,
): Promise<void> {
  const mine = and(
    eq(personalAccessTokens.id, id),
    eq(personalAccessTokens.accountId, by.accountId),
    eq(personalAccessTokens.memberId, by.memberId),
  );
  const [row] = await db.select().from(personalAccessTokens).where(mine);
  if (!row) throw notFound("personal access token", id);
  if (row.revokedAt) return;
  await db.update(personalAccessTokens).set({ revokedAt: now }).where(mine);
  await recordAudit(db, {
    accountId: by.accountId,
    actor: by.actor,
    action: "personal_access_token.revoked",
    targetId: id,
    livemode: row.livemode,
    address: by.address,
  });
}

/** A token as authentication reads it: its own scopes already narrowed to the member's current role. */
export interface TokenGrant {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly id: string;
  readonly memberId: string;
  /** The OAuth app an access token was issued to; absent for a personal access token. */
  readonly appId?: string;
  readonly secretHash: string;
  readonly scopes: string[];
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  readonly plan: Principal["plan"];
  readonly subscriptionStatus: Principal["subscriptionStatus"];
}

/** What both the token's scopes and the role allow: a token never outgrows its member. */
export function effectiveScopes(tokenScopes: readonly string[], role: Role): string[] {
  const allowed = scopesOf(role);
  if (allowed.has(ALL_SCOPES)) return [...tokenScopes];
  if (tokenScopes.includes(ALL_SCOPES)) return [...allowed];
  return tokenScopes.filter((scope) => allowed.has(scope));
}

/**
 * The token whose stored digest is `digest`, if its member still belongs to its account, compared once
 * more in constant time. Notes the use, at most every LAST_USED_PRECISION_SECONDS.
 */
export async function lookUpPersonalAccessToken(
  db: Executor,
  digest: string,
  now: Date,
): Promise<TokenGrant | undefined> {
  const [row] = await db
    .select({
      token: personalAccessTokens,
      role: memberships.role,
      plan: accounts.plan,
      subscriptionStatus: accounts.subscriptionStatus,
    })
    .from(personalAccessTokens)
    .innerJoin(
      memberships,
      and(
        eq(memberships.memberId, personalAccessTokens.memberId),
        eq(memberships.accountId, personalAccessTokens.accountId),
      ),
    )
    .innerJoin(accounts, eq(accounts.id, personalAccessTokens.accountId))
    .where(eq(personalAccessTokens.tokenHash, digest))
    .limit(1);
  if (!row || !sameDigest(row.token.tokenHash, digest)) return undefined;
  const { token } = row;
  if (!token.revokedAt && token.expiresAt > now) {
    const stale = new Date(now.getTime() - LAST_USED_PRECISION_SECONDS * 1_000);
    await db
      .update(personalAccessTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(personalAccessTokens.id, token.id),
          or(isNull(personalAccessTokens.lastUsedAt), lt(personalAccessTokens.lastUsedAt, stale)),
        ),
      );
  }
  return {
    accountId: token.accountId,
    livemode: token.livemode,
    id: token.id,
    memberId: token.memberId,
    secretHash: token.tokenHash,
    scopes: effectiveScopes(token.scopes, row.role),
    expiresAt: token.expiresAt,
    revokedAt: token.revokedAt,
    plan: row.plan,
    subscriptionStatus: row.subscriptionStatus,
  };
}

export const tokenRefused = (detail: string) =>
  new ApiError(401, "invalid_token", detail, {
    headers: { "WWW-Authenticate": `Bearer error="invalid_token", error_description="${detail}"` },
  });
