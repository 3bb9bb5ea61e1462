import type { components } from "@bahi/contract";
import { and, desc, eq, lt } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { apiKeys } from "../../db/schema.js";
import { newApiKeySecret } from "../../secrets/api-key-secrets.js";
import { newId } from "../../values/ids.js";
import { ApiError, conflict, notFound, unprocessable } from "../../values/problem.js";
import { type Page, pageOf } from "../shared/pagination.js";
import { ALL_SCOPES, type Principal } from "./principal.js";

type ApiKey = components["schemas"]["ApiKey"];
type ApiKeyWithSecret = components["schemas"]["ApiKeyWithSecret"];
type ApiKeyRow = typeof apiKeys.$inferSelect;

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    object: "api_key",
    livemode: row.livemode,
    name: row.name,
    prefix: row.prefix,
    last4: row.last4,
    scopes: row.scopes,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface NewApiKey {
  accountId: string;
  livemode: boolean;
  name?: string | null;
  scopes: readonly string[];
  expiresAt?: Date | null;
}

export async function issueApiKey(db: Executor, input: NewApiKey): Promise<ApiKeyWithSecret> {
  const secret = newApiKeySecret(input.livemode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      accountId: input.accountId,
      livemode: input.livemode,
      id: newId("apiKey"),
      name: input.name ?? null,
      prefix: secret.prefix,
      last4: secret.last4,
      secretHash: secret.hash,
      scopes: [...input.scopes],
      expiresAt: input.expiresAt ?? null,
    })
    .returning();
  if (!row) throw new Error("insert returned no key");
  return { ...toApiKey(row), secret: secret.secret };
}

/** A key may only hand out scopes it holds itself, and only scopes some operation requires. */
export function checkGrantableScopes(
  principal: Principal,
  requested: readonly string[],
  known: ReadonlySet<string>,
) {
  checkKnownScopes(requested, known);
  if (principal.scopes.has(ALL_SCOPES)) return;
  const beyond = requested.filter((scope) => !principal.scopes.has(scope));
  if (beyond.length > 0) {
    throw new ApiError(
      403,
      "scope_escalation",
      `This key cannot grant scopes it does not hold: ${beyond.join(", ")}.`,
    );
  }
}

/** Refuses scopes that no operation requires (422 `unknown_scope`), each named by its pointer. */
export function checkKnownScopes(requested: readonly string[], known: ReadonlySet<string>) {
  const unknown = requested
    .map((scope, i) => ({ scope, i }))
    .filter(({ scope }) => scope !== ALL_SCOPES && !known.has(scope));
  if (unknown.length > 0) {
    throw unprocessable(
      "unknown_scope",
      `Unknown scope ${unknown.map((u) => u.scope).join(", ")}.`,
      unknown.map(({ scope, i }) => ({
        pointer: `/scopes/${i}`,
        code: "unknown_scope",
        message: `${scope} is not a scope of this API`,
      })),
    );
  }
}

/** Whose keys a caller may see: an API key sees its account and mode; the operator (null) sees all. */
type Owner = Pick<Principal, "accountId" | "livemode"> | null;

async function findKey(db: Executor, owner: Owner, id: string): Promise<ApiKeyRow> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(
      owner
        ? and(
            eq(apiKeys.accountId, owner.accountId),
            eq(apiKeys.livemode, owner.livemode),
            eq(apiKeys.id, id),
          )
        : eq(apiKeys.id, id),
    )
    .limit(1);
  if (!row) throw notFound("api_key", id);
  return row;
}

export async function listApiKeys(
  db: Executor,
  principal: Principal,
  options: { limit: number; starting_after?: string | undefined },
): Promise<Page<ApiKey>> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.accountId, principal.accountId),
        eq(apiKeys.livemode, principal.livemode),
        options.starting_after ? lt(apiKeys.id, options.starting_after) : undefined,
      ),
    )
    .orderBy(desc(apiKeys.id))
    .limit(options.limit + 1);
  return pageOf(rows.map(toApiKey), options.limit);
}

/** Revoking is final and idempotent: a revoked key keeps the time it was first revoked. */
export async function revokeApiKey(db: Executor, owner: Owner, id: string, now: Date): Promise<ApiKey> {
  const row = await findKey(db, owner, id);
  if (row.revokedAt) return toApiKey(row);
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.accountId, row.accountId), eq(apiKeys.livemode, row.livemode), eq(apiKeys.id, id)))
    .returning();
  if (!revoked) throw notFound("api_key", id);
  return toApiKey(revoked);
}

/**
 * Issues a successor with the same name, scopes and expiry, and shortens the old key's life to the
 * overlap the caller chose, so deployments can move to the new secret without downtime. The caller
 * receives the successor's secret, so it must hold every scope of the key it rotates, as if it
 * created that key.
 */
export async function rotateApiKey(
  db: Executor,
  principal: Principal,
  id: string,
  oldKeyExpiresInSeconds: number,
  now: Date,
  knownScopes: ReadonlySet<string>,
): Promise<ApiKeyWithSecret> {
  const row = await findKey(db, principal, id);
  if (row.revokedAt || (row.expiresAt && row.expiresAt <= now)) {
    throw conflict("api_key_inactive", `API key ${id} is revoked or expired; create a new key instead.`);
  }
  checkGrantableScopes(principal, row.scopes, knownScopes);
  const overlapEnd = new Date(now.getTime() + oldKeyExpiresInSeconds * 1000);
  const expiresAt = row.expiresAt && row.expiresAt < overlapEnd ? row.expiresAt : overlapEnd;
  await db
    .update(apiKeys)
    .set({ expiresAt })
    .where(and(eq(apiKeys.accountId, row.accountId), eq(apiKeys.livemode, row.livemode), eq(apiKeys.id, id)));
  return issueApiKey(db, {
    accountId: row.accountId,
    livemode: row.livemode,
    name: row.name,
    scopes: row.scopes,
    expiresAt: row.expiresAt,
  });
}
