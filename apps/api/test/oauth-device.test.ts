// The device authorization grant (RFC 8628) driven by oauth4webapi's device flow functions: the
// codes, the member's answer at /app/device (and through the application's operations), the polls'
// errors, and what the server refuses.
import { eq, sql } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { oauthDeviceCodes } from "../src/db/schema.js";
import { hashSecret } from "../src/secrets/api-key-secrets.js";
import type { Role } from "../src/services/members/roles.js";
import {
  DEVICE_CODE_LIFETIME_SECONDS,
  DEVICE_CODE_POLL_INTERVAL_SECONDS,
  USER_CODE_FAILURES_PER_MEMBER,
} from "../src/services/oauth/device-codes.js";
import { DEVICE_CODE_GRANT } from "../src/services/oauth/device-grant.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { Browser, MailCatcher, memberOf, PASSWORD } from "./support/members.js";
import { createTenant, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;
let as: oauth.AuthorizationServer;
let count = 0;
const insecure = { [oauth.allowInsecureRequests]: true };
/** Bahi's own command-line client, registered by a migration. */
const cli: oauth.Client = { client_id: "bahi-cli" };

beforeAll(async () => {
  api = await startTestApi({ mailer: new MailCatcher() });
  tenant = await createTenant(api.database.handle.db);
  const issuer = new URL(api.url);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.database.handle.db.execute(sql`delete from sign_in_failures`);
});

async function signedIn(role: Role = "owner") {
  const email = `device${++count}@acme.example`;
  const member = await memberOf(api.database.handle.db, tenant.accountId, email, role);
  const browser = new Browser(api.url);
  expect((await browser.signIn(email, PASSWORD)).status).toBe(200);
  return { browser, member };
}

async function started(scope = "account:read", client = cli, auth: oauth.ClientAuth = oauth.None()) {
  const response = await oauth.deviceAuthorizationRequest(as, client, auth, { scope }, insecure);
  return oauth.processDeviceAuthorizationResponse(as, client, response);
}

async function poll(deviceCode: string, client = cli, auth: oauth.ClientAuth = oauth.None()) {
  const response = await oauth.deviceCodeGrantRequest(as, client, auth, deviceCode, insecure);
  return oauth.processDeviceCodeResponse(as, client, response);
}

/** Lets the next poll come after the interval, as a patient device's would. */
async function waited(deviceCode: string) {
  await api.database.handle.db
    .update(oauthDeviceCodes)
    .set({ lastPolledAt: new Date(Date.now() - 60_000) })
    .where(eq(oauthDeviceCodes.deviceCodeHash, hashSecret(deviceCode)));
}

const approve = (browser: Browser, userCode: string, extra: Record<string, unknown> = {}) =>
  browser.call("answerDeviceAuthorization", {
    body: { user_code: userCode, allowed: true, account_id: tenant.accountId, livemode: false, ...extra },
  });

describe("the server's metadata (RFC 8414)", () => {
  it("names the device authorization endpoint, the grant and its limits", () => {
    expect(as.device_authorization_endpoint).toBe(`${as.issuer}/oauth/device_authorization`);
    expect(as.grant_types_supported).toContain(DEVICE_CODE_GRANT);
    expect(as.bahi_device_code_lifetime_seconds).toBe(DEVICE_CODE_LIFETIME_SECONDS);
    expect(as.bahi_device_code_poll_interval_seconds).toBe(DEVICE_CODE_POLL_INTERVAL_SECONDS);
  });
});

describe("the device flow", () => {
  it("issues codes, keeps the device code hashed, and answers polls until the member approves", async () => {
    const codes = await started("account:read parties:read");
    expect(codes.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(codes.device_code).toMatch(/^bahi_dc_[0-9A-Za-z]{43}$/);
    expect(codes.verification_uri).toBe(`${as.issuer}/app/device`);
    expect(codes.verification_uri_complete).toBe(`${as.issuer}/app/device?user_code=${codes.user_code}`);
    expect(codes.expires_in).toBe(DEVICE_CODE_LIFETIME_SECONDS);
    expect(codes.interval).toBe(DEVICE_CODE_POLL_INTERVAL_SECONDS);
    const rows = await api.database.handle.db.select().from(oauthDeviceCodes);
    expect(JSON.stringify(rows)).not.toContain(codes.device_code);
    expect(JSON.stringify(rows)).not.toContain(codes.user_code.replace("-", ""));

    await expect(poll(codes.device_code)).rejects.toMatchObject({ error: "authorization_pending" });
    // Polled again at once: slow down, and the interval grows by 5 s.
    await expect(poll(codes.device_code)).rejects.toMatchObject({ error: "slow_down" });
    const [row] = await api.database.handle.db
      .select()
      .from(oauthDeviceCodes)
      .where(eq(oauthDeviceCodes.deviceCodeHash, hashSecret(codes.device_code)));
    expect(row?.intervalSeconds).toBe(DEVICE_CODE_POLL_INTERVAL_SECONDS + 5);

    const { browser, member } = await signedIn("viewer");
    // Case, the dash and spaces do not matter.
    const typed = ` ${codes.user_code.toLowerCase().replace("-", " ")} `;
    const read = await browser.call("readDeviceAuthorization", { query: { user_code: typed } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      object: "device_authorization",
      user_code: codes.user_code,
      client_id: "bahi-cli",
      app_name: "Bahi CLI",
      scopes: ["account:read", "parties:read"],
      status: "pending",
    });
    const approved = await approve(browser, typed);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved");

    const tokens = await poll(codes.device_code);
    expect(tokens.access_token).toMatch(/^bahi_at_/);
    expect(tokens.refresh_token).toMatch(/^bahi_rt_/);
    expect(tokens.scope).toBe("account:read parties:read");
    const account = await api.call("retrieveAccount", { key: tokens.access_token });
    expect(account.status).toBe(200);
    expect(account.body.id).toBe(tenant.accountId);
    const introspected = await oauth.processIntrospectionResponse(
      as,
      cli,
      await oauth.introspectionRequest(as, cli, oauth.None(), tokens.access_token, insecure),
    );
    expect(introspected).toMatchObject({ active: true, sub: member.id, livemode: false });
    // The refresh token rotates as the code flow's does.
    const next = await oauth.processRefreshTokenResponse(
      as,
      cli,
      await oauth.refreshTokenGrantRequest(as, cli, oauth.None(), tokens.refresh_token ?? "", insecure),
    );
    expect(next.refresh_token).not.toBe(tokens.refresh_token);

    // The user code was single-use, and the device code, polled again, revokes what it gave.
    expect((await browser.call("readDeviceAuthorization", { query: { user_code: typed } })).status).toBe(404);
    await expect(poll(codes.device_code)).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await api.call("retrieveAccount", { key: next.access_token })).status).toBe(401);
  });

  it("shows the app, the account, the mode and each scope in words at /app/device, whose form approves", async () => {
    const codes = await started("invoices:read");
    const { browser } = await signedIn("accountant");
    const cookie = `bahi_session=${browser.cookie}`;
    const empty = await fetch(new URL("/app/device", api.url), { headers: { cookie } });
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('name="user_code"');
    const pageRes = await fetch(codes.verification_uri_complete ?? "", { headers: { cookie } });
    const html = await pageRes.text();
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(pageRes.headers.get("x-frame-options")).toBe("DENY");
    expect(html).toContain("Bahi CLI");
    expect(html).toContain(codes.user_code);
    expect(html).toContain("Acme Traders Private Limited");
    expect(html).toContain("See invoices");
    expect(html).toContain("Test mode");
    expect(html).toContain('name="_csrf"');
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('<a href="/app/authorized-apps">Authorized apps</a>');
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(new URL("/app/device", api.url), {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: api.url, ...headers },
        body: new URLSearchParams(fields),
      });
    const form = {
      user_code: codes.user_code,
      account_id: tenant.accountId,
      livemode: "true",
      allowed: "true",
    };
    // Without the session's CSRF token, or from another site, nothing is answered.
    expect((await post(form)).status).toBe(403);
    expect(
      (await post({ ...form, _csrf: browser.csrf ?? "" }, { origin: "https://evil.example" })).status,
    ).toBe(403);
    const answered = await post({ ...form, _csrf: browser.csrf ?? "" });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain("Bahi CLI is signed in");
    const tokens = await poll(codes.device_code);
    const invoices = await api.call("listInvoices", { key: tokens.access_token });
    expect(invoices.status).toBe(200);
    expect((await api.call("listParties", { key: tokens.access_token })).status).toBe(403);
    const listed = await browser.call("listAuthorizedApps");
    expect(
      listed.body.data.map((g: { app_name: string; livemode: boolean }) => [g.app_name, g.livemode]),
    ).toContainEqual(["Bahi CLI", true]);
  });

  it("sends a member who is not signed in to sign in, then back to the code", async () => {
    const away = await fetch(new URL("/app/device?user_code=BCDF-GHJK", api.url), { redirect: "manual" });
    expect(away.status).toBe(303);
    const next = new URL(away.headers.get("location") ?? "", api.url).searchParams.get("next");
    expect(next).toBe("/app/device?user_code=BCDF-GHJK");
    const noSession = new Browser(api.url);
    expect(
      (await noSession.call("readDeviceAuthorization", { query: { user_code: "BCDF-GHJK" } })).status,
    ).toBe(401);
  });

  it("works for a confidential app, which must send its secret", async () => {
    const { browser } = await signedIn("owner");
    const made = await browser.call("createOAuthApp", {
      body: { name: "Till", redirect_uris: ["https://till.example/cb"], confidential: true },
    });
    const client: oauth.Client = { client_id: made.body.client_id };
    const auth = oauth.ClientSecretPost(made.body.client_secret);
    const noSecret = await oauth.deviceAuthorizationRequest(
      as,
      client,
      oauth.None(),
      { scope: "account:read" },
      insecure,
    );
    expect(noSecret.status).toBe(401);
    expect(((await noSecret.json()) as { error: string }).error).toBe("invalid_client");
    const codes = await started("account:read", client, auth);
    expect((await approve(browser, codes.user_code)).status).toBe(200);
    await expect(poll(codes.device_code, client, oauth.None())).rejects.toMatchObject({
      error: "invalid_client",
    });
    expect((await poll(codes.device_code, client, auth)).access_token).toMatch(/^bahi_at_/);
  });
});

describe("the audit log", () => {
  it("names the app that acted for the member with its access token", async () => {
    const { browser, member } = await signedIn("owner");
    const codes = await started("keys:write account:read");
    expect((await approve(browser, codes.user_code)).status).toBe(200);
    const tokens = await poll(codes.device_code);
    const made = await api.call("createApiKey", {
      key: tokens.access_token,
      body: { name: "from the CLI", scopes: ["account:read"] },
    });
    expect(made.status).toBe(201);
    const log = await browser.call("listAuditLog");
    const entry = log.body.data.find((e: { target_id: string }) => e.target_id === made.body.id);
    expect(entry).toMatchObject({
      action: "api_key.created",
      actor: { type: "member", id: member.id, app_id: "bahi-cli" },
    });
    const own = log.body.data.find((e: { action: string }) => e.action === "member.signed_in");
    expect(own.actor.app_id).toBeNull();
  });
});

describe("the polls' errors", () => {
  it("access_denied after the member denies, from the operation or the page", async () => {
    const { browser } = await signedIn("owner");
    const codes = await started();
    const denied = await browser.call("answerDeviceAuthorization", {
      body: { user_code: codes.user_code, allowed: false },
    });
    expect(denied.status).toBe(200);
    expect(denied.body.status).toBe("denied");
    await expect(poll(codes.device_code)).rejects.toMatchObject({ error: "access_denied" });
    expect((await approve(browser, codes.user_code)).status).toBe(404);

    const other = await started();
    const page = await fetch(new URL("/app/device", api.url), {
      method: "POST",
      headers: {
        cookie: `bahi_session=${browser.cookie}`,
        "content-type": "application/x-www-form-urlencoded",
        origin: api.url,
      },
      body: new URLSearchParams({ _csrf: browser.csrf ?? "", user_code: other.user_code, allowed: "false" }),
    });
    expect(await page.text()).toContain("Bahi CLI was refused");
    await expect(poll(other.device_code)).rejects.toMatchObject({ error: "access_denied" });
  });

  it("expired_token once the code's lifetime is over, and the user code no longer found", async () => {
    const { browser } = await signedIn("owner");
    const codes = await started();
    await api.database.handle.db
      .update(oauthDeviceCodes)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(oauthDeviceCodes.deviceCodeHash, hashSecret(codes.device_code)));
    await expect(poll(codes.device_code)).rejects.toMatchObject({ error: "expired_token" });
    expect((await approve(browser, codes.user_code)).status).toBe(404);
  });

  it("invalid_grant for a device code that is unknown or another client's", async () => {
    await expect(poll(`bahi_dc_${"x".repeat(43)}`)).rejects.toMatchObject({ error: "invalid_grant" });
    const { browser } = await signedIn("owner");
    const made = await browser.call("createOAuthApp", {
      body: { name: "Kiosk", redirect_uris: ["https://kiosk.example/cb"], confidential: false },
    });
    const codes = await started();
    await expect(poll(codes.device_code, { client_id: made.body.client_id })).rejects.toMatchObject({
      error: "invalid_grant",
    });
    await waited(codes.device_code);
    await expect(poll(codes.device_code)).rejects.toMatchObject({ error: "authorization_pending" });
  });
});

describe("what the server refuses", () => {
  it("a user code typed wrong (404, counted), then any code once too many were wrong (429)", async () => {
    const { browser, member } = await signedIn("owner");
    const codes = await started();
    const wrong = await browser.call("readDeviceAuthorization", { query: { user_code: "BCDF-GHJX" } });
    expect(wrong.status).toBe(404);
    expect(wrong.body.code).toBe("unknown_user_code");
    const notACode = await approve(browser, "AEIOU-123");
    expect(notACode.status).toBe(404);
    for (let i = 2; i < USER_CODE_FAILURES_PER_MEMBER; i++) {
      expect(
        (await browser.call("readDeviceAuthorization", { query: { user_code: "ZZZZ-ZZZZ" } })).status,
      ).toBe(404);
    }
    const throttled = await browser.call("readDeviceAuthorization", {
      query: { user_code: codes.user_code },
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await approve(browser, codes.user_code)).status).toBe(429);
    const onPage = await fetch(codes.verification_uri_complete ?? "", {
      headers: { cookie: `bahi_session=${browser.cookie}` },
    });
    expect(await onPage.text()).toContain("Too many wrong codes");
    // Another member is not held back by this one's failures.
    const { browser: other } = await signedIn("owner");
    expect((await approve(other, codes.user_code)).status).toBe(200);
    await api.database.handle.db.execute(sql`delete from user_code_failures where member_id = ${member.id}`);
  });

  it("a scope the member's role does not allow, an account not theirs, an approval without an account", async () => {
    const { browser } = await signedIn("viewer");
    const codes = await started("invoices:write");
    const beyond = await approve(browser, codes.user_code);
    expect(beyond.status).toBe(403);
    expect(beyond.body.code).toBe("scope_beyond_role");
    const other = await createTenant(api.database.handle.db, { legalName: "Other Traders" });
    expect((await approve(browser, codes.user_code, { account_id: other.accountId })).status).toBe(404);
    const noAccount = await browser.call("answerDeviceAuthorization", {
      body: { user_code: codes.user_code, allowed: true },
    });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.errors[0].pointer).toBe("/account_id");
    expect((await browser.call("readDeviceAuthorization", { query: {} })).status).toBe(400);
    // Nothing was answered: the request still waits.
    await expect(poll(codes.device_code)).rejects.toMatchObject({ error: "authorization_pending" });
  });

  it("a device authorization request with an unknown client, or no scope, or a scope /v1 lacks", async () => {
    const unknown = await oauth.deviceAuthorizationRequest(
      as,
      { client_id: "oap_nobody" },
      oauth.None(),
      { scope: "account:read" },
      insecure,
    );
    expect(unknown.status).toBe(401);
    for (const scope of ["", "members:write", "account:read nothing:read"]) {
      const refused = await oauth.deviceAuthorizationRequest(as, cli, oauth.None(), { scope }, insecure);
      expect(refused.status, scope).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe("invalid_scope");
    }
  });
});
