import type { Handlers } from "../http/operation-types.js";
import {
  checkGrantableScopes,
  issueApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
} from "../services/accounts/api-keys.js";
import { actorOf, recordAudit } from "../services/audit/audit-log.js";
import { pageQuery } from "../services/shared/pagination.js";
import { unprocessable } from "../values/problem.js";

export const apiKeyHandlers: Handlers = {
  createApiKey: async ({ body }, { principal, db, services, now }) => {
    checkGrantableScopes(principal, body.scopes, services.knownScopes);
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    if (expiresAt && expiresAt <= now) {
      throw unprocessable("expiry_in_past", "expires_at must be in the future.", [
        { pointer: "/expires_at", code: "expiry_in_past", message: "must be in the future" },
      ]);
    }
    const key = await issueApiKey(db, {
      accountId: principal.accountId,
      livemode: principal.livemode,
      name: body.name ?? null,
      scopes: body.scopes,
      expiresAt,
    });
    await recordAudit(db, {
      accountId: principal.accountId,
      livemode: principal.livemode,
      actor: actorOf(principal),
      action: "api_key.created",
      targetId: key.id,
      details: { scopes: key.scopes },
    });
    return { status: 201, body: key };
  },
  listApiKeys: async ({ query }, { principal, db }) => ({
    status: 200,
    body: await listApiKeys(db, principal, pageQuery(query)),
  }),
  revokeApiKey: async ({ path }, { principal, db, services, now, afterCommit }) => {
    const key = await revokeApiKey(db, principal, path.id, now);
    await recordAudit(db, {
      accountId: principal.accountId,
      livemode: principal.livemode,
      actor: actorOf(principal),
      action: "api_key.revoked",
      targetId: key.id,
    });
    afterCommit(() => services.keyCache.clear());
    return { status: 200, body: key };
  },
  rotateApiKey: async ({ path, body }, { principal, db, services, now, afterCommit }) => {
    const key = await rotateApiKey(
      db,
      principal,
      path.id,
      body?.old_key_expires_in ?? 0,
      now,
      services.knownScopes,
    );
    await recordAudit(db, {
      accountId: principal.accountId,
      livemode: principal.livemode,
      actor: actorOf(principal),
      action: "api_key.rotated",
      targetId: path.id,
      details: { successor: key.id, old_key_expires_in: body?.old_key_expires_in ?? 0 },
    });
    afterCommit(() => services.keyCache.clear());
    return { status: 201, body: key };
  },
};
