import { describe, expect } from "vitest";
import { ROLE_SCOPES } from "../src/services/members/roles.js";
import { it } from "./support/fixtures.js";
import { keyWithScopes } from "./support/tenants.js";

type Entry = Record<string, any>;

describe("GET /v1/audit_entries", () => {
  it("lists the account's entries of both modes, newest first, filtered by action and time", async ({
    call,
    tenant,
    newTenant,
  }) => {
    const created = await call("createApiKey", { body: { name: "ERP", scopes: ["invoices:read"] } });
    expect(created.status).toBe(201);
    const between = new Date().toISOString();
    const live = await call("createApiKey", { key: tenant.liveKey, body: { scopes: ["parties:read"] } });
    expect(live.status).toBe(201);
    const revoked = await call("revokeApiKey", { path: { id: created.body.id } });
    expect(revoked.status).toBe(200);
    const stranger = await newTenant();
    await call("createApiKey", { key: stranger.testKey, body: { scopes: ["invoices:read"] } });

    const all = await call("listAuditEntries");
    expect(all.status).toBe(200);
    const entries = all.body.data as Entry[];
    expect(entries.map((e) => [e.action, e.target_id, e.livemode])).toEqual([
      ["api_key.revoked", created.body.id, false],
      ["api_key.created", live.body.id, true],
      ["api_key.created", created.body.id, false],
    ]);
    expect(entries[2]).toMatchObject({
      object: "audit_entry",
      actor: { type: "api_key", email: null },
      details: { scopes: ["invoices:read"] },
    });

    const createdOnly = await call("listAuditEntries", { query: { action: "api_key.created" } });
    expect(createdOnly.body.data.map((e: Entry) => e.target_id)).toEqual([live.body.id, created.body.id]);
    const after = await call("listAuditEntries", { query: { created_gte: between } });
    expect(after.body.data.map((e: Entry) => e.action)).toEqual(["api_key.revoked", "api_key.created"]);
    const before = await call("listAuditEntries", { query: { created_lt: between } });
    expect(before.body.data.map((e: Entry) => e.target_id)).toEqual([created.body.id]);

    // Pages of one, walked by cursor, give the same entries.
    const walked: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call("listAuditEntries", {
        query: { limit: 1, ...(cursor ? { starting_after: cursor } : {}) },
      });
      walked.push(...page.body.data.map((e: Entry) => e.id));
      cursor = page.body.next_cursor ?? undefined;
    } while (cursor);
    expect(walked).toEqual(entries.map((e) => e.id));
  });

  it("400 for an unknown action or a time that is not RFC 3339", async ({ call }) => {
    const queries: Record<string, string | number>[] = [
      { action: "invoice.created" },
      { created_gte: "yesterday" },
      { limit: 101 },
    ];
    for (const query of queries) {
      const res = await call("listAuditEntries", { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe("validation_failed");
    }
  });

  it("401 without a key; 403 for a key holding every other scope but audit:read", async ({
    api,
    call,
    tenant,
  }) => {
    expect((await call("listAuditEntries", { key: null })).status).toBe(401);
    const everythingElse = (ROLE_SCOPES.developer as string[]).concat(ROLE_SCOPES.accountant as string[]);
    const key = await keyWithScopes(api.database.handle.db, tenant.accountId, [...new Set(everythingElse)]);
    const refused = await call("listAuditEntries", { key });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
    // Nor can such a key (a developer's, say) make a key that reads the log.
    const escalated = await call("createApiKey", { key, body: { scopes: ["audit:read"] } });
    expect(escalated.status).toBe(403);
    expect(escalated.body.code).toBe("scope_escalation");
    const reader = await keyWithScopes(api.database.handle.db, tenant.accountId, ["audit:read"]);
    expect((await call("listAuditEntries", { key: reader })).status).toBe(200);
  });

  it("audit:read belongs to owners and admins alone among the roles", () => {
    const holders = Object.entries(ROLE_SCOPES)
      .filter(([, scopes]) => scopes.includes("*") || scopes.includes("audit:read"))
      .map(([role]) => role);
    expect(holders).toEqual(["owner", "admin"]);
  });
});
