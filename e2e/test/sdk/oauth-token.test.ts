// The SDK acting for a business with tokens, against the real server, whose OAuth access tokens last
// 5 seconds here (global-setup.ts): a token from the code flow with PKCE (oauth4webapi, as an
// integrator's app does it), expired, renewed through the client's refresh callback, and the refused
// calls sent again.
import { Bahi, type Schema } from "@bahi/sdk";
import * as oauth from "oauth4webapi";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { appCall, type MemberSession, type Reachable, redeemSignInLink } from "../support/bahi-server.js";
import { client } from "./support/client.js";
import { OAUTH_ACCESS_TOKEN_SECONDS } from "./support/global-setup.js";

const ACCESS_TOKEN_SECONDS = OAUTH_ACCESS_TOKEN_SECONDS;
const REDIRECT_URI = "http://127.0.0.1:9/callback";
const SCOPES = "account:read parties:read parties:write";
const insecure = { [oauth.allowInsecureRequests]: true };

const server: Reachable = { url: inject("bahiUrl"), signInLink: inject("bahiSignInLink") };
let owner: MemberSession;
let as: oauth.AuthorizationServer;
let app: oauth.Client;

beforeAll(async () => {
  owner = await redeemSignInLink(server);
  const issuer = new URL(server.url);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
  const registered = await appCall(server, owner, "/app/api/oauth_apps", {
    name: "ShopSync",
    redirect_uris: [REDIRECT_URI],
    confidential: false,
  });
  expect(registered.status).toBe(201);
  app = { client_id: registered.body.client_id };
});

/** The member approves the app on the consent page's form; the app exchanges the code with its verifier. */
async function authorize(): Promise<oauth.TokenEndpointResponse> {
  const verifier = oauth.generateRandomCodeVerifier();
  const params = {
    response_type: "code",
    client_id: app.client_id,
    redirect_uri: REDIRECT_URI,
    scope: SCOPES,
    state: oauth.generateRandomState(),
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  };
  const answer = await fetch(new URL("/app/oauth/authorize", server.url), {
    method: "POST",
    headers: {
      cookie: owner.cookie,
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      ...params,
      _csrf: owner.csrf,
      account_id: owner.accountId,
      livemode: "false",
      allowed: "true",
    }),
    redirect: "manual",
  });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get("location") ?? "");
  const code = oauth.validateAuthResponse(as, app, callback, params.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    app,
    oauth.None(),
    code,
    REDIRECT_URI,
    verifier,
    insecure,
  );
  return oauth.processAuthorizationCodeResponse(as, app, response);
}

/** What the server saw of each request: the token sent, the answer, and a POST's Idempotency-Key. */
interface Sent {
  method: string;
  token: string;
  status: number;
  challenge: string | null;
  idempotencyKey: string | null;
}

/** A client of the app: the member's tokens, renewed with the rotated refresh token when refused. */
function appClient(tokens: oauth.TokenEndpointResponse) {
  let refreshToken = tokens.refresh_token ?? "";
  const sent: Sent[] = [];
  const refresh = vi.fn(async () => {
    const response = await oauth.refreshTokenGrantRequest(as, app, oauth.None(), refreshToken, insecure);
    const renewed = await oauth.processRefreshTokenResponse(as, app, response);
    refreshToken = renewed.refresh_token ?? "";
    return renewed.access_token;
  });
  const bahi = client({
    baseUrl: server.url,
    accessToken: tokens.access_token,
    refreshAccessToken: refresh,
    fetch: async (request) => {
      const response = await fetch(request);
      sent.push({
        method: request.method,
        token: (request.headers.get("authorization") ?? "").replace(/^Bearer /, ""),
        status: response.status,
        challenge: response.headers.get("www-authenticate"),
        idempotencyKey: request.headers.get("idempotency-key"),
      });
      return response;
    },
  });
  return { bahi, sent, refresh };
}

/** Until the server refuses `token` as expired: its lifetime has passed by the server's clock. */
async function expired(token: string) {
  await new Promise((resolve) => setTimeout(resolve, ACCESS_TOKEN_SECONDS * 1000));
  await vi.waitFor(
    async () => {
      const answer = await fetch(new URL("/v1/account", server.url), {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(401);
    },
    { timeout: 5_000, interval: 250 },
  );
}

describe("an OAuth access token in the SDK", () => {
  it("expires, is refreshed through the callback once, and the refused create is sent again", async () => {
    const tokens = await authorize();
    expect(tokens.access_token).toMatch(/^bahi_at_/);
    // The server's metadata and answer say how long it lasts (a second may have passed since it was made).
    expect(as.bahi_access_token_lifetime_seconds).toBe(ACCESS_TOKEN_SECONDS);
    expect(tokens.expires_in).toBeGreaterThanOrEqual(ACCESS_TOKEN_SECONDS - 1);
    expect(tokens.expires_in).toBeLessThanOrEqual(ACCESS_TOKEN_SECONDS);
    const { bahi, sent, refresh } = appClient(tokens);
    const account = await bahi.account.retrieve();
    expect(account.id).toBe(owner.accountId);

    await expired(tokens.access_token);
    const party: Schema<"Party"> = await bahi.parties.create({
      type: "customer",
      name: "Token Traders",
      address: { line1: "12 MG Road", city: "Bengaluru", state_code: "29", pin: "560001" },
    });
    expect(party.name).toBe("Token Traders");
    expect(refresh).toHaveBeenCalledTimes(1);
    const [refused, retried] = sent.filter((s) => s.method === "POST");
    expect(refused).toMatchObject({ token: tokens.access_token, status: 401 });
    expect(refused?.challenge).toMatch(/^Bearer error="invalid_token"/);
    expect(retried?.status).toBe(201);
    expect(retried?.token).toMatch(/^bahi_at_/);
    expect(retried?.token).not.toBe(tokens.access_token);
    // The same create, not a second one: one party by that name.
    expect(retried?.idempotencyKey).toBe(refused?.idempotencyKey);
    const named = (await bahi.parties.list({ limit: 100 }).page).data.filter(
      (p) => p.name === "Token Traders",
    );
    expect(named).toHaveLength(1);
  });

  it("refreshes once for requests refused together, and the rotated refresh token works next time", async () => {
    const tokens = await authorize();
    const { bahi, sent, refresh } = appClient(tokens);
    let current = tokens.access_token;
    for (const round of [1, 2]) {
      await expired(current);
      const answers = await Promise.all([1, 2, 3, 4].map(() => bahi.account.retrieve()));
      expect(answers.map((a) => a.id)).toEqual(Array(4).fill(owner.accountId));
      expect(refresh).toHaveBeenCalledTimes(round);
      current = sent.at(-1)?.token ?? "";
    }
    expect(sent.filter((s) => s.status === 401)).toHaveLength(8);
    expect(new Set(sent.filter((s) => s.status === 200).map((s) => s.token)).size).toBe(2);
  });

  it("takes a personal access token in place of a key", async () => {
    const made = await appCall(server, owner, "/app/api/personal_access_tokens", {
      name: "Nightly export",
      scopes: ["account:read"],
      expires_in_days: 1,
    });
    expect(made.status).toBe(201);
    const bahi = client({ baseUrl: server.url, accessToken: made.body.token });
    expect((await bahi.account.retrieve()).id).toBe(owner.accountId);
  });

  it("a key's client stays as it was", async () => {
    const bahi = new Bahi({ apiKey: inject("bahiKey"), baseUrl: server.url });
    expect((await bahi.account.retrieve()).id).toBe(owner.accountId);
  });
});
