// The OAuth 2.0 server driven by a real client library (oauth4webapi): the code flow with PKCE,
// refresh rotation and reuse detection, revocation and introspection, and what each refuses.
import { fixtures } from "@bahi/contract";
import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import { eq, sql } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { oauthTokens } from "../src/db/schema.js";
import { hashSecret } from "../src/secrets/api-key-secrets.js";
import type { Role } from "../src/services/members/roles.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { Browser, MailCatcher, memberOf, PASSWORD } from "./support/members.js";
import { createTenant, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;
let as: oauth.AuthorizationServer;
let count = 0;
const REDIRECT_URI = "http://127.0.0.1:9/callback";
const insecure = { [oauth.allowInsecureRequests]: true };

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
  const email = `oauth${++count}@acme.example`;
  const member = await memberOf(api.database.handle.db, tenant.accountId, email, role);
  const browser = new Browser(api.url);
  expect((await browser.signIn(email, PASSWORD)).status).toBe(200);
  return { browser, member };
}

/** An app registered by an owner: confidential (with its secret) or public. */
async function registeredApp(confidential = true) {
  const { browser } = await signedIn("owner");
  const res = await browser.call("createOAuthApp", {
    body: { name: "ShopSync", redirect_uris: [REDIRECT_URI], confidential },
  });
  expect(res.status).toBe(201);
  const client: oauth.Client = { client_id: res.body.client_id };
  const auth = confidential ? oauth.ClientSecretPost(res.body.client_secret) : oauth.None();
  return { client, auth, secret: res.body.client_secret as string | null };
}

interface Consent {
  browser: Browser;
  client: oauth.Client;
  scope: string;
  state?: string;
  challenge?: string | null;
  redirectUri?: string;
  livemode?: boolean;
  allowed?: boolean;
}

/** The member opens the authorization URL, reads the consent page, and answers it. */
async function consent({
  browser,
  client,
  scope,
  state = "st-1",
  challenge,
  redirectUri = REDIRECT_URI,
  ...o
}: Consent) {
  const params: Record<string, string> = {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope,
    state,
  };
  if (challenge) Object.assign(params, { code_challenge: challenge, code_challenge_method: "S256" });
  const url = new URL(as.authorization_endpoint ?? "");
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const cookie = `bahi_session=${browser.cookie}`;
  const page = await fetch(url, { headers: { cookie } });
  const html = await page.text();
  const form = new URLSearchParams({
    ...params,
    _csrf: browser.csrf ?? "",
    account_id: tenant.accountId,
    livemode: String(o.livemode ?? false),
    allowed: String(o.allowed ?? true),
  });
  const answer = await fetch(new URL("/app/oauth/authorize", api.url), {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: api.url },
    body: form,
    redirect: "manual",
  });
  return { page, html, answer, location: answer.headers.get("location") };
}

/** The whole code flow with PKCE, to the token response. */
async function tokensFor(
  role: Role,
  scope: string,
  options: { livemode?: boolean; confidential?: boolean } = {},
) {
  const { client, auth } = await registeredApp(options.confidential ?? true);
  const { browser, member } = await signedIn(role);
  const verifier = oauth.generateRandomCodeVerifier();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const { location } = await consent({
    browser,
    client,
    scope,
    challenge,
    livemode: options.livemode ?? false,
  });
  const params = oauth.validateAuthResponse(as, client, new URL(location ?? ""), "st-1");
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    params,
    REDIRECT_URI,
    verifier,
    insecure,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
  return { tokens, client, auth, member, browser, params, verifier };
}

async function refreshed(client: oauth.Client, auth: oauth.ClientAuth, refreshToken: string) {
  const response = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, insecure);
  return oauth.processRefreshTokenResponse(as, client, response);
}

describe("registering apps", () => {
  it("keeps only the secret's hash, lists apps to roles that see keys, refuses loose redirect URIs", async () => {
    const { browser } = await signedIn("developer");
    const made = await browser.call("createOAuthApp", {
      body: { name: "Books sync", redirect_uris: ["https://books.example/cb"], confidential: true },
    });
    expect(made.status).toBe(201);
    expect(made.body.client_secret).toMatch(/^bahi_cs_[0-9A-Za-z]{43}$/);
    const listed = await browser.call("listOAuthApps");
    const app = listed.body.data.find((a: { id: string }) => a.id === made.body.id);
    expect(app).toMatchObject({ name: "Books sync", confidential: true });
    expect(JSON.stringify(listed.body)).not.toContain(made.body.client_secret);
    for (const uri of ["http://books.example/cb", "https://books.example/cb#frag", "bahi://cb"]) {
      const refused = await browser.call("createOAuthApp", {
        body: { name: "x", redirect_uris: [uri], confidential: false },
      });
      expect(refused.status, uri).toBe(400);
    }
    const { browser: accountant } = await signedIn("accountant");
    expect((await accountant.call("listOAuthApps")).status).toBe(403);
    const notAllowed = await accountant.call("createOAuthApp", {
      body: { name: "x", redirect_uris: [REDIRECT_URI], confidential: false },
    });
    expect(notAllowed.status).toBe(403);
  });
});

describe("the authorization server's metadata (RFC 8414)", () => {
  it("names its endpoints, S256 alone, and /v1's scopes", () => {
    expect(as.issuer).toBe(new URL(api.url).href.replace(/\/$/, ""));
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.grant_types_supported).toEqual([
      "authorization_code",
      "refresh_token",
      "urn:ietf:params:oauth:grant-type:device_code",
    ]);
    expect(as.scopes_supported).toContain("invoices:write");
    expect(as.authorization_endpoint).toBe(`${as.issuer}/app/oauth/authorize`);
  });
});

describe("the /v1 contract", () => {
  it("offers the oauth2 scheme beside the key on every operation, with the same scopes", () => {
    const flows = (openapi.components.securitySchemes as Record<string, any>).oauth2.flows;
    expect(flows.authorizationCode).toMatchObject({
      authorizationUrl: "/app/oauth/authorize",
      tokenUrl: "/oauth/token",
    });
    const listed = Object.keys(flows.authorizationCode.scopes).sort();
    expect(listed).toEqual([...(as.scopes_supported ?? [])].sort());
    let operations = 0;
    for (const item of Object.values(openapi.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(item)) {
        const security = op?.security as Record<string, string[]>[] | undefined;
        const key = security?.find((s) => "apiKey" in s);
        if (!key) continue;
        operations += 1;
        expect(security?.find((s) => "oauth2" in s)?.oauth2, op.operationId).toEqual(key.apiKey);
      }
    }
    expect(operations).toBeGreaterThan(40);
  });
});

describe("the code flow with PKCE", () => {
  it("shows the app, the account, the mode and each scope in words, then redirects with the code and state", async () => {
    const { client } = await registeredApp();
    const { browser } = await signedIn("accountant");
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const { page, html, answer, location } = await consent({
      browser,
      client,
      scope: "invoices:read invoices:write",
      challenge,
    });
    expect(page.status).toBe(200);
    expect(html).toContain("Allow ShopSync to use Bahi?");
    expect(html).toContain("Acme Traders Private Limited");
    expect(html).toContain("Test mode");
    expect(html).toContain("See invoices");
    expect(html).toContain("Create and change invoices");
    expect(html).not.toMatch(/<script>/);
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self' http://127.0.0.1:9");
    expect(answer.status).toBe(302);
    const back = new URL(location ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe("st-1");
    expect(back.searchParams.get("code")).toMatch(/^bahi_ac_/);
  });

  it("sends a member who is not signed in to sign in, then back to the consent page (and nowhere else)", async () => {
    const { client } = await registeredApp();
    const email = `oauth${++count}@acme.example`;
    await memberOf(api.database.handle.db, tenant.accountId, email, "viewer");
    const url = new URL(as.authorization_endpoint ?? "");
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      scope: "account:read",
    }).toString();
    const away = await fetch(url, { redirect: "manual" });
    expect(away.status).toBe(303);
    const signInUrl = new URL(away.headers.get("location") ?? "", api.url);
    const next = signInUrl.searchParams.get("next") ?? "";
    expect(next).toBe(`${url.pathname}${url.search}`);
    const signInPage = await (await fetch(signInUrl)).text();
    expect(signInPage).toContain('name="next"');
    const signIn = (nextField: string) =>
      fetch(new URL("/app/sign-in", api.url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: api.url },
        body: new URLSearchParams({ email, password: PASSWORD, next: nextField }),
        redirect: "manual",
      });
    expect((await signIn(next)).headers.get("location")).toBe(next);
    expect((await signIn("https://evil.example/")).headers.get("location")).toBe("/app");
  });

  it("gives short-lived, hashed tokens that /v1 takes with the granted scopes, acting as the member", async () => {
    const { tokens } = await tokensFor("owner", "parties:read parties:write");
    expect(tokens.access_token).toMatch(/^bahi_at_[0-9A-Za-z]{43}$/);
    expect(tokens.refresh_token).toMatch(/^bahi_rt_[0-9A-Za-z]{43}$/);
    expect(tokens.token_type.toLowerCase()).toBe("bearer");
    expect(tokens.expires_in).toBeLessThanOrEqual(600);
    const [stored] = await api.database.handle.db
      .select()
      .from(oauthTokens)
      .where(eq(oauthTokens.tokenHash, hashSecret(tokens.access_token)));
    expect(stored?.kind).toBe("access");
    expect(JSON.stringify(stored)).not.toContain(tokens.access_token);
    const party = await api.call("createParty", { key: tokens.access_token, body: fixtures.PartyCreate });
    expect(party.status).toBe(201);
    expect(party.body.livemode).toBe(false);
    const refused = await api.call("listInvoices", { key: tokens.access_token });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="invoices:read"',
    );
  });

  it("works for a public app with PKCE alone", async () => {
    const { tokens } = await tokensFor("viewer", "account:read", { confidential: false });
    expect((await api.call("retrieveAccount", { key: tokens.access_token })).status).toBe(200);
  });
});

describe("refresh tokens", () => {
  it("rotate on each use; a reused one revokes the whole grant", async () => {
    const { tokens, client, auth } = await tokensFor("owner", "account:read");
    const next = await refreshed(client, auth, tokens.refresh_token ?? "");
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.access_token).not.toBe(tokens.access_token);
    expect((await api.call("retrieveAccount", { key: next.access_token })).status).toBe(200);
    // The first refresh token again: a replay. It fails, and so does everything of its grant.
    await expect(refreshed(client, auth, tokens.refresh_token ?? "")).rejects.toMatchObject({
      error: "invalid_grant",
    });
    await expect(refreshed(client, auth, next.refresh_token ?? "")).rejects.toMatchObject({
      error: "invalid_grant",
    });
    const after = await api.call("retrieveAccount", { key: next.access_token });
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});

describe("authorized apps", () => {
  it("lists the grants in force, and the member who approved one revokes it", async () => {
    const { tokens, client, auth, member, browser } = await tokensFor("accountant", "invoices:read");
    const listed = await browser.call("listAuthorizedApps");
    expect(listed.status).toBe(200);
    const grant = listed.body.data.find((g: { member_id: string }) => g.member_id === member.id);
    expect(grant).toMatchObject({
      object: "authorized_app",
      app_id: client.client_id,
      app_name: "ShopSync",
      livemode: false,
      scopes: ["invoices:read"],
    });
    const { browser: other } = await signedIn("viewer");
    expect((await other.call("revokeAuthorizedApp", { path: { id: grant.id } })).status).toBe(404);
    expect((await api.call("listInvoices", { key: tokens.access_token })).status).toBe(200);
    expect((await browser.call("revokeAuthorizedApp", { path: { id: grant.id } })).status).toBe(204);
    expect((await api.call("listInvoices", { key: tokens.access_token })).status).toBe(401);
    await expect(refreshed(client, auth, tokens.refresh_token ?? "")).rejects.toMatchObject({
      error: "invalid_grant",
    });
    const after = await browser.call("listAuthorizedApps");
    expect(after.body.data.map((g: { id: string }) => g.id)).not.toContain(grant.id);
  });

  it("are shown on the Authorized apps page, whose Revoke button ends the grant", async () => {
    const { tokens, browser } = await tokensFor("owner", "gstr:read");
    const cookie = `bahi_session=${browser.cookie}`;
    const pageHtml = await (
      await fetch(new URL("/app/authorized-apps", api.url), { headers: { cookie } })
    ).text();
    expect(pageHtml).toContain("ShopSync");
    expect(pageHtml).toContain("See GSTR-1 returns");
    const grantId = /name="grant_id" value="(ogr_[0-9a-z]{26})"/.exec(pageHtml)?.[1] ?? "";
    const revoked = await fetch(new URL("/app/authorized-apps", api.url), {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: api.url },
      body: new URLSearchParams({ _csrf: browser.csrf ?? "", grant_id: grantId }),
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain("Access revoked.");
    expect(
      (await api.call("retrieveGstr1", { key: tokens.access_token, query: { period: "2025-04" } })).status,
    ).toBe(401);
  });

  it("owners and admins revoke any grant of the account", async () => {
    const { tokens, browser: approver, member } = await tokensFor("viewer", "account:read");
    const grants = (await approver.call("listAuthorizedApps")).body.data;
    const grant = grants.find((g: { member_id: string }) => g.member_id === member.id);
    const { browser: admin } = await signedIn("admin");
    expect((await admin.call("revokeAuthorizedApp", { path: { id: grant.id } })).status).toBe(204);
    expect((await api.call("retrieveAccount", { key: tokens.access_token })).status).toBe(401);
  });
});

describe("revocation (RFC 7009) and introspection (RFC 7662)", () => {
  it("introspects an active token, then revokes it, after which /v1 and introspection refuse it", async () => {
    const { tokens, client, auth, member } = await tokensFor("owner", "account:read");
    const look = async (token: string) =>
      oauth.processIntrospectionResponse(
        as,
        client,
        await oauth.introspectionRequest(as, client, auth, token, insecure),
      );
    const active = await look(tokens.access_token);
    expect(active).toMatchObject({
      active: true,
      scope: "account:read",
      client_id: client.client_id,
      sub: member.id,
    });
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, tokens.access_token, insecure),
    );
    expect((await look(tokens.access_token)).active).toBe(false);
    expect((await api.call("retrieveAccount", { key: tokens.access_token })).status).toBe(401);
    // Revoking the refresh token ends the grant.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, tokens.refresh_token ?? "", insecure),
    );
    await expect(refreshed(client, auth, tokens.refresh_token ?? "")).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("refuses a confidential client without its secret, and hides other clients' tokens", async () => {
    const { tokens, client } = await tokensFor("owner", "account:read");
    const noSecret = await oauth.introspectionRequest(
      as,
      client,
      oauth.None(),
      tokens.access_token,
      insecure,
    );
    expect(noSecret.status).toBe(401);
    const other = await registeredApp();
    const theirs = await oauth.processIntrospectionResponse(
      as,
      other.client,
      await oauth.introspectionRequest(as, other.client, other.auth, tokens.access_token, insecure),
    );
    expect(theirs.active).toBe(false);
  });
});

describe("what the server refuses", () => {
  it("a redirect URI the app did not register: shown to the member, never redirected to", async () => {
    const { client } = await registeredApp();
    const { browser } = await signedIn();
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const { page, answer, location } = await consent({
      browser,
      client,
      scope: "account:read",
      challenge,
      redirectUri: "http://127.0.0.1:9/elsewhere",
    });
    expect(page.status).toBe(400);
    expect(answer.status).toBe(400);
    expect(location).toBeNull();
  });

  it("an authorization request without a PKCE challenge", async () => {
    const { client } = await registeredApp();
    const { browser } = await signedIn();
    const { location } = await consent({ browser, client, scope: "account:read", challenge: null });
    const back = new URL(location ?? "");
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("state")).toBe("st-1");
  });

  it("a scope the member's role does not allow, and a denial", async () => {
    const { client } = await registeredApp();
    const { browser } = await signedIn("viewer");
    const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());
    const beyond = await consent({ browser, client, scope: "invoices:write", challenge });
    expect(new URL(beyond.location ?? "").searchParams.get("error")).toBe("invalid_scope");
    const denied = await consent({ browser, client, scope: "invoices:read", challenge, allowed: false });
    expect(new URL(denied.location ?? "").searchParams.get("error")).toBe("access_denied");
  });

  it("a missing or wrong verifier, and a code used twice (which revokes what it gave)", async () => {
    const { client, auth } = await registeredApp();
    const { browser } = await signedIn();
    const verifier = oauth.generateRandomCodeVerifier();
    const challenge = await oauth.calculatePKCECodeChallenge(verifier);
    const codeOf = async () => {
      const { location } = await consent({ browser, client, scope: "account:read", challenge });
      return oauth.validateAuthResponse(as, client, new URL(location ?? ""), "st-1");
    };
    const exchange = async (params: URLSearchParams, codeVerifier: string | typeof oauth.nopkce) =>
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(
          as,
          client,
          auth,
          params,
          REDIRECT_URI,
          codeVerifier,
          insecure,
        ),
      );
    await expect(exchange(await codeOf(), oauth.nopkce)).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(exchange(await codeOf(), oauth.generateRandomCodeVerifier())).rejects.toMatchObject({
      error: "invalid_grant",
    });
    const params = await codeOf();
    const first = await exchange(params, verifier);
    await expect(exchange(params, verifier)).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await api.call("retrieveAccount", { key: first.access_token })).status).toBe(401);
  });

  it("an expired access token, and a token of the other mode", async () => {
    const { tokens } = await tokensFor("owner", "parties:read parties:write", { livemode: true });
    const party = await api.call("createParty", { key: tenant.testKey, body: fixtures.PartyCreate });
    const otherMode = await api.call("retrieveParty", {
      key: tokens.access_token,
      path: { id: party.body.id },
    });
    expect(otherMode.status).toBe(404);
    await api.database.handle.db
      .update(oauthTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(oauthTokens.tokenHash, hashSecret(tokens.access_token)));
    const { tokens: fresh } = await tokensFor("owner", "account:read");
    await api.database.handle.db
      .update(oauthTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(oauthTokens.tokenHash, hashSecret(fresh.access_token)));
    const expired = await api.call("retrieveAccount", { key: fresh.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toContain("expired");
  });
});
