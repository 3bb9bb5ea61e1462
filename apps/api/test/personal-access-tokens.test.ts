import { fixtures } from "@bahi/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { personalAccessTokens } from "../src/db/schema.js";
import { hashSecret } from "../src/secrets/api-key-secrets.js";
import {
  effectiveScopes,
  MAX_PERSONAL_ACCESS_TOKEN_DAYS,
} from "../src/services/members/personal-access-tokens.js";
import { ROLE_SCOPES, type Role } from "../src/services/members/roles.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { Browser, MailCatcher, memberOf, PASSWORD } from "./support/members.js";
import { createTenant, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;
let count = 0;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  api = await startTestApi({ mailer: new MailCatcher() });
  tenant = await createTenant(api.database.handle.db);
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.database.handle.db.execute(sql`delete from sign_in_failures`);
});

async function signedIn(role: Role = "owner") {
  const email = `pat${++count}@acme.example`;
  const member = await memberOf(api.database.handle.db, tenant.accountId, email, role);
  const browser = new Browser(api.url);
  expect((await browser.signIn(email, PASSWORD)).status).toBe(200);
  return { browser, member };
}

async function tokenOf(
  browser: Browser,
  body: { scopes: string[]; livemode?: boolean; expires_in_days?: number; name?: string },
) {
  const res = await browser.call("createPersonalAccessToken", {
    body: { name: "script", expires_in_days: 30, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; token: string; expires_at: string };
}

describe("making personal access tokens", () => {
  it("shows the token once, keeps only its hash, and lists it without the secret", async () => {
    const { browser, member } = await signedIn("owner");
    const made = await tokenOf(browser, { scopes: ["invoices:read"], name: "Nightly export" });
    expect(made.token).toMatch(/^bahi_pat_[0-9A-Za-z]{43}$/);
    const rows = await api.database.handle.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, made.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ memberId: member.id, tokenHash: hashSecret(made.token) });
    expect(JSON.stringify(rows)).not.toContain(made.token);
    const listed = await browser.call("listPersonalAccessTokens");
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toMatchObject({
      id: made.id,
      name: "Nightly export",
      scopes: ["invoices:read"],
      livemode: false,
      account_id: tenant.accountId,
      last_used_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(made.token);
  });

  it(`expires within at most ${MAX_PERSONAL_ACCESS_TOKEN_DAYS} days, the spec's maximum`, async () => {
    const { browser } = await signedIn("viewer");
    const before = Date.now();
    const longest = await tokenOf(browser, {
      scopes: ["account:read"],
      expires_in_days: MAX_PERSONAL_ACCESS_TOKEN_DAYS,
    });
    const expiresAt = Date.parse(longest.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + MAX_PERSONAL_ACCESS_TOKEN_DAYS * DAY_MS - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + MAX_PERSONAL_ACCESS_TOKEN_DAYS * DAY_MS);
    for (const days of [MAX_PERSONAL_ACCESS_TOKEN_DAYS + 1, 0]) {
      const refused = await browser.call("createPersonalAccessToken", {
        body: { name: "x", scopes: ["account:read"], expires_in_days: days },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].pointer).toBe("/expires_in_days");
    }
  });

  it("refuses scopes beyond the member's role, and scopes no /v1 operation has", async () => {
    const { browser } = await signedIn("viewer");
    const beyond = await browser.call("createPersonalAccessToken", {
      body: { name: "x", scopes: ["invoices:read", "invoices:write"], expires_in_days: 1 },
    });
    expect(beyond.status).toBe(403);
    expect(beyond.body).toMatchObject({ code: "scope_escalation" });
    expect(beyond.body.detail).toContain("invoices:write");
    const everything = await browser.call("createPersonalAccessToken", {
      body: { name: "x", scopes: ["*"], expires_in_days: 1 },
    });
    expect(everything.status).toBe(403);
    const unknown = await browser.call("createPersonalAccessToken", {
      body: { name: "x", scopes: ["members:read"], expires_in_days: 1 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: "unknown_scope" });
  });

  it("needs a session", async () => {
    const anonymous = new Browser(api.url);
    expect((await anonymous.call("listPersonalAccessTokens")).status).toBe(401);
    const made = await anonymous.call("createPersonalAccessToken", {
      body: { name: "x", scopes: ["account:read"], expires_in_days: 1 },
    });
    expect(made.status).toBe(401);
    const revoked = await anonymous.call("revokePersonalAccessToken", {
      path: { id: "pat_00000000000000000000000000" },
    });
    expect(revoked.status).toBe(401);
  });
});

describe("calling /v1 with a personal access token", () => {
  it("works as a key of its account and mode, notes its last use, and acts as its member", async () => {
    const { browser, member } = await signedIn("owner");
    const test = await tokenOf(browser, { scopes: ["parties:read", "parties:write", "keys:write"] });
    const live = await tokenOf(browser, { scopes: ["parties:read"], livemode: true });
    const party = await api.call("createParty", { key: test.token, body: fixtures.PartyCreate });
    expect(party.status).toBe(201);
    expect(party.body.livemode).toBe(false);
    const again = await api.call("retrieveParty", { key: test.token, path: { id: party.body.id } });
    expect(again.status).toBe(200);
    // A token of the other mode does not see it, as a key of that mode would not.
    const other = await api.call("retrieveParty", { key: live.token, path: { id: party.body.id } });
    expect(other.status).toBe(404);

    const listed = await browser.call("listPersonalAccessTokens");
    const used = listed.body.data.find((t: { id: string }) => t.id === test.id);
    expect(Date.parse(used.last_used_at)).toBeGreaterThan(Date.now() - 60_000);

    const key = await api.call("createApiKey", { key: test.token, body: { scopes: ["parties:read"] } });
    expect(key.status).toBe(201);
    const log = await browser.call("listAuditLog");
    const created = log.body.data.find((e: { action: string }) => e.action === "api_key.created");
    expect(created.actor).toMatchObject({ type: "member", id: member.id });
    const tokenMade = log.body.data.find(
      (e: { action: string; target_id: string }) =>
        e.action === "personal_access_token.created" && e.target_id === test.id,
    );
    expect(tokenMade.actor).toMatchObject({ type: "member", id: member.id });
  });

  it("answers 403 insufficient_scope with RFC 6750's WWW-Authenticate beyond its scopes", async () => {
    const { browser } = await signedIn("owner");
    const made = await tokenOf(browser, { scopes: ["parties:read"] });
    const refused = await api.call("createParty", { key: made.token, body: fixtures.PartyCreate });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "insufficient_scope" });
    expect(refused.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="parties:write"',
    );
  });

  it("does no more than the member's current role, and nothing once the member is gone", async () => {
    const { browser: owner } = await signedIn("owner");
    const { browser, member } = await signedIn("developer");
    const made = await tokenOf(browser, { scopes: ["keys:read", "keys:write"] });
    expect((await api.call("listApiKeys", { key: made.token })).status).toBe(200);
    const changed = await owner.call("updateMember", { path: { id: member.id }, body: { role: "viewer" } });
    expect(changed.status).toBe(200);
    const narrowed = await api.call("createApiKey", { key: made.token, body: { scopes: ["parties:read"] } });
    expect(narrowed.status).toBe(403);
    expect((await api.call("listApiKeys", { key: made.token })).status).toBe(200);
    expect((await owner.call("removeMember", { path: { id: member.id } })).status).toBe(204);
    const gone = await api.call("listApiKeys", { key: made.token });
    expect(gone.status).toBe(401);
    expect(gone.body).toMatchObject({ code: "invalid_token" });
    expect(gone.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("stops at once when revoked, and another member cannot revoke it", async () => {
    const { browser } = await signedIn("accountant");
    const { browser: stranger } = await signedIn("admin");
    const made = await tokenOf(browser, { scopes: ["invoices:read"] });
    expect((await api.call("listInvoices", { key: made.token })).status).toBe(200);
    const notTheirs = await stranger.call("revokePersonalAccessToken", { path: { id: made.id } });
    expect(notTheirs.status).toBe(404);
    expect((await browser.call("revokePersonalAccessToken", { path: { id: made.id } })).status).toBe(204);
    const refused = await api.call("listInvoices", { key: made.token });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "invalid_token" });
    expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect((await browser.call("revokePersonalAccessToken", { path: { id: made.id } })).status).toBe(204);
    const listed = await browser.call("listPersonalAccessTokens");
    expect(listed.body.data.find((t: { id: string }) => t.id === made.id).revoked_at).not.toBeNull();
  });

  it("is refused once expired, and when malformed or unknown", async () => {
    const { browser } = await signedIn("viewer");
    const made = await tokenOf(browser, { scopes: ["account:read"] });
    await api.database.handle.db
      .update(personalAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(personalAccessTokens.id, made.id));
    const expired = await api.call("retrieveAccount", { key: made.token });
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toContain("expired");
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
    for (const token of ["bahi_pat_short", `bahi_pat_${"A".repeat(43)}`]) {
      const refused = await api.call("retrieveAccount", { key: token });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: "invalid_token" });
    }
  });
});

describe("effectiveScopes", () => {
  it.each([
    [["*"], "viewer", [...ROLE_SCOPES.viewer]],
    [["invoices:read", "invoices:write"], "viewer", ["invoices:read"]],
    [["invoices:read", "invoices:write"], "accountant", ["invoices:read", "invoices:write"]],
    [["keys:write"], "owner", ["keys:write"]],
    [["*"], "admin", ["*"]],
  ] as const)("%j for a %s is %j", (scopes, role, expected) => {
    expect(effectiveScopes(scopes, role)).toEqual(expected);
  });
});
