// Members' bearer tokens at /graphql, as at /v1: a personal access token and an OAuth access token
// (through the whole code flow, by a real client library) answer within their scopes, each field
// refused for want of one names it (RFC 6750's insufficient_scope challenge), and a token that is
// malformed, unknown or revoked is refused with RFC 6750's invalid_token.
import { fixtures } from "@bahi/contract";
import { sql } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/api.js";
import { graphql } from "./support/graphql.js";
import { Browser, MailCatcher, memberOf, PASSWORD } from "./support/members.js";
import { createTenant, keyWithScopes, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;
let partyId: string;
let count = 0;
const REDIRECT_URI = "http://127.0.0.1:9/callback";
const insecure = { [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  api = await startTestApi({ mailer: new MailCatcher() });
  tenant = await createTenant(api.database.handle.db);
  const party = await api.call("createParty", {
    key: tenant.testKey,
    body: { ...fixtures.PartyCreateUnregistered, name: "Asha Traders" },
  });
  expect(party.status).toBe(201);
  partyId = party.body.id;
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.database.handle.db.execute(sql`delete from sign_in_failures`);
});

async function signedIn() {
  const email = `gql-token${++count}@acme.example`;
  await memberOf(api.database.handle.db, tenant.accountId, email, "owner");
  const browser = new Browser(api.url);
  expect((await browser.signIn(email, PASSWORD)).status).toBe(200);
  return browser;
}

async function personalAccessToken(browser: Browser, scopes: string[]) {
  const res = await browser.call("createPersonalAccessToken", {
    body: { name: "graphql script", expires_in_days: 30, scopes },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; token: string };
}

/** An OAuth access token for `scope`, by the code flow with PKCE, as oauth.test.ts drives it. */
async function accessToken(scope: string): Promise<string> {
  const issuer = new URL(api.url);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
  const browser = await signedIn();
  const app = await browser.call("createOAuthApp", {
    body: { name: "Screen builder", redirect_uris: [REDIRECT_URI], confidential: true },
  });
  expect(app.status).toBe(201);
  const client: oauth.Client = { client_id: app.body.client_id };
  const verifier = oauth.generateRandomCodeVerifier();
  const params: Record<string, string> = {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    scope,
    state: "st-1",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  };
  const answer = await fetch(new URL("/app/oauth/authorize", api.url), {
    method: "POST",
    headers: {
      cookie: `bahi_session=${browser.cookie}`,
      "content-type": "application/x-www-form-urlencoded",
      origin: api.url,
    },
    body: new URLSearchParams({
      ...params,
      _csrf: browser.csrf ?? "",
      account_id: tenant.accountId,
      livemode: "false",
      allowed: "true",
    }),
    redirect: "manual",
  });
  const callback = oauth.validateAuthResponse(
    as,
    client,
    new URL(answer.headers.get("location") ?? ""),
    "st-1",
  );
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretPost(app.body.client_secret),
    callback,
    REDIRECT_URI,
    verifier,
    insecure,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
  expect(tokens.scope).toBe(scope);
  return tokens.access_token;
}

const SCREEN = `query($id: ID!) { account { id } party(id: $id) { name } }`;
const screen = (token: string) => graphql(api, token, SCREEN, { id: partyId });

/** Answers the screen with `token`: the account within its scope, the party refused for want of its scope. */
async function expectPartiesRefused(token: string) {
  const answer = await screen(token);
  expect(answer.status).toBe(200);
  expect(answer.body.data).toEqual({ account: { id: tenant.accountId }, party: null });
  expect(answer.body.errors).toHaveLength(1);
  expect(answer.body.errors?.[0]).toMatchObject({
    path: ["party"],
    extensions: { code: "FORBIDDEN", problem: { status: 403, code: "insufficient_scope" } },
  });
  expect(answer.headers.get("www-authenticate")).toBe(
    'Bearer error="insufficient_scope", scope="parties:read"',
  );
}

describe("a personal access token at /graphql", () => {
  it("answers within its scopes and names the scope each refused field needs", async () => {
    const browser = await signedIn();
    const { token } = await personalAccessToken(browser, ["account:read", "parties:read"]);
    const answer = await screen(token);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({
      account: { id: tenant.accountId },
      party: { name: "Asha Traders" },
    });
    expect(answer.headers.get("www-authenticate")).toBeNull();

    const narrow = await personalAccessToken(browser, ["account:read"]);
    await expectPartiesRefused(narrow.token);
    // A mutation outside its scopes is refused whole, with the same challenge.
    const write = await graphql(
      api,
      narrow.token,
      `mutation { createParty(input: { type: CUSTOMER, name: "X" }) { party { id } userErrors { code } } }`,
    );
    expect(write.body.errors?.[0].extensions).toMatchObject({
      code: "FORBIDDEN",
      problem: { code: "insufficient_scope" },
    });
    expect(write.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="parties:write"',
    );
  });

  it("is refused with RFC 6750's invalid_token once revoked, as when unknown or malformed", async () => {
    const browser = await signedIn();
    const made = await personalAccessToken(browser, ["account:read"]);
    expect((await graphql(api, made.token, `{ account { id } }`)).status).toBe(200);
    expect((await browser.call("revokePersonalAccessToken", { path: { id: made.id } })).status).toBe(204);
    const unknown = `bahi_pat_${"A".repeat(43)}`;
    for (const token of [made.token, unknown, "bahi_pat_short"]) {
      const refused = await graphql(api, token, `{ account { id } }`);
      expect(refused.status).toBe(401);
      expect(refused.body.errors?.[0].extensions).toEqual({
        code: "UNAUTHENTICATED",
        problem: { status: 401, code: "invalid_token" },
      });
      expect(refused.headers.get("www-authenticate")).toMatch(
        /^Bearer error="invalid_token", error_description="/,
      );
    }
  });
});

describe("an OAuth access token at /graphql", () => {
  it("answers within the scopes the member approved", async () => {
    const token = await accessToken("account:read");
    await expectPartiesRefused(token);
    const wide = await accessToken("account:read parties:read");
    const answer = await screen(wide);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.party).toEqual({ name: "Asha Traders" });
  });

  it("an unknown access token is RFC 6750's invalid_token", async () => {
    const refused = await graphql(api, `bahi_at_${"B".repeat(43)}`, `{ account { id } }`);
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0].extensions.problem.code).toBe("invalid_token");
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });
});

describe("an API key at /graphql", () => {
  it("is refused a field for want of a scope without a bearer challenge", async () => {
    const key = await keyWithScopes(api.database.handle.db, tenant.accountId, ["account:read"]);
    const answer = await screen(key);
    expect(answer.body.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect(answer.headers.get("www-authenticate")).toBeNull();
  });
});
