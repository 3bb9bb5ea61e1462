import { Redis } from "ioredis";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthTokens } from "../src/db/schema.js";
import { RateLimiter, REDIS_KEY_PREFIX } from "../src/http/rate-limit.js";
import {
  OAUTH_RATE_LIMITS,
  OAUTH_RATE_WINDOW_SECONDS,
  OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE,
  OAUTH_REQUESTS_PER_CLIENT_PER_MINUTE,
  type OAuthRateLimits,
  RATE_LIMITED_ERROR,
  spendOAuthRequest,
} from "../src/routes/oauth/rate-limits.js";
import { newPrefixedSecret, OAUTH_ACCESS_TOKEN_PREFIX } from "../src/secrets/api-key-secrets.js";
import { newId } from "../src/values/ids.js";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { memberOf } from "./support/members.js";
import { redisTestsRun, startRedis, type TestRedis } from "./support/redis.js";
import { createTenant } from "./support/tenants.js";

const PER_MINUTE = 3;
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ rateLimits: { perMinute: PER_MINUTE, perSecond: 100 } });
});
afterAll(() => api.close());

/** An access token of `appId` for an owner of the account, stored as the token endpoint stores one. */
async function accessToken(accountId: string, appId: string): Promise<string> {
  const db = api.database.handle.db;
  const member = await memberOf(db, accountId, `${appId}@acme.example`, "owner");
  const token = newPrefixedSecret(OAUTH_ACCESS_TOKEN_PREFIX);
  await db.insert(oauthTokens).values({
    id: newId("oauthToken"),
    grantId: newId("oauthGrant"),
    kind: "access",
    tokenHash: token.hash,
    appId,
    memberId: member.id,
    accountId,
    livemode: false,
    scopes: ["account:read"],
    expiresAt: new Date(Date.now() + 600_000),
  });
  return token.secret;
}

describe("rate limits of OAuth apps", () => {
  it("count per app and account: an app that spends its budget leaves the account's keys and other apps theirs", async () => {
    const { accountId, testKey } = await createTenant(api.database.handle.db);
    const greedy = await accessToken(accountId, "oap_greedy0000000000000000000");
    const other = await accessToken(accountId, "oap_other00000000000000000000");
    const statuses = [];
    for (let i = 0; i <= PER_MINUTE; i++) {
      statuses.push((await api.call("retrieveAccount", { key: greedy })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const byKey = await api.call("retrieveAccount", { key: testKey });
    expect(byKey.status).toBe(200);
    expect(byKey.headers.get("x-ratelimit-remaining")).toBe(String(PER_MINUTE - 1));
    const byOther = await api.call("retrieveAccount", { key: other });
    expect(byOther.status).toBe(200);
    expect(byOther.headers.get("x-ratelimit-remaining")).toBe(String(PER_MINUTE - 1));
  });
});

/** Servers and Redis servers that tests below started, stopped after the file. */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function limitedApi(oauthRateLimits: OAuthRateLimits, redis?: TestRedis): Promise<TestApi> {
  const server = await startTestApi({ oauthRateLimits, ...(redis ? { redisUrl: redis.url } : {}) });
  cleanups.push(() => server.close());
  return server;
}

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

/** One request to each OAuth endpoint, as `client_id` (none: no client named), answered as it would be unlimited. */
const ENDPOINTS = {
  token: {
    path: "/oauth/token",
    form: { grant_type: DEVICE_GRANT, device_code: "bahi_dc_nope" },
    status: 400,
  },
  revoke: { path: "/oauth/revoke", form: { token: "bahi_rt_nope" }, status: 200 },
  introspect: { path: "/oauth/introspect", form: { token: "bahi_at_nope" }, status: 200 },
  device: { path: "/oauth/device_authorization", form: { scope: "account:read" }, status: 200 },
} as const;
type Endpoint = keyof typeof ENDPOINTS;

function post(
  server: TestApi,
  endpoint: Endpoint,
  clientId: string | null = "bahi-cli",
): Promise<CallResult> {
  const { path, form } = ENDPOINTS[endpoint];
  return server.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...form, ...(clientId ? { client_id: clientId } : {}) }),
  });
}

function expectLimited(res: CallResult, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: RATE_LIMITED_ERROR, error_description: expect.any(String) });
  expect(res.headers.get("cache-control")).toBe("no-store");
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

/** Waits the Retry-After of a refusal (and a timer's tick more), no longer. */
const afterRetry = (refused: CallResult) =>
  new Promise((r) => setTimeout(r, Number(refused.headers.get("retry-after")) * 1000 + 50));

describe("the OAuth endpoints' own limits", () => {
  it("hold at the documented defaults: 600 a minute per address, 3,000 per client_id", async () => {
    const throttle = { limiter: RateLimiter.inMemory(), limits: OAUTH_RATE_LIMITS };
    expect(OAUTH_RATE_LIMITS.windowSeconds).toBe(OAUTH_RATE_WINDOW_SECONDS);
    const allowed = async (address: string, clientId?: string) =>
      (await spendOAuthRequest(throttle, address, clientId)).allowed;
    for (let i = 0; i < OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE; i++)
      expect(await allowed("10.0.0.1")).toBe(true);
    expect(await allowed("10.0.0.1")).toBe(false);
    // One address may not spend a client's budget alone: it takes five to.
    expect(OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE * 5).toBe(OAUTH_REQUESTS_PER_CLIENT_PER_MINUTE);
    for (let i = 0; i < OAUTH_REQUESTS_PER_CLIENT_PER_MINUTE; i++) {
      expect(await allowed(`10.0.1.${i % 10}`, "oap_busy")).toBe(true);
    }
    expect(await allowed("10.0.2.1", "oap_busy")).toBe(false);
    expect(await allowed("10.0.2.1", "oap_other")).toBe(true);
    // A client_id that cannot be one (too long, other characters) names no budget.
    expect(await allowed("10.0.2.1", "x".repeat(65))).toBe(true);
  });

  it("count the four endpoints together per client_id: N answered, N+1 refused, another client still served", async () => {
    const server = await limitedApi({ perClient: 4, perAddress: 100, windowSeconds: 60 });
    for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
      expect((await post(server, endpoint)).status, endpoint).toBe(ENDPOINTS[endpoint].status);
    }
    for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
      expectLimited(await post(server, endpoint), 60);
    }
    // Credentials in HTTP Basic name the client as the form does.
    const basic = await server.fetch("/oauth/introspect", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from("bahi-cli:").toString("base64")}`,
      },
      body: new URLSearchParams({ token: "bahi_at_nope" }),
    });
    expectLimited(basic, 60);
    // Basic credentials that do not decode name no client: refused, not a server error.
    const undecodable = await server.fetch("/oauth/introspect", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from("%zz:secret").toString("base64")}`,
      },
      body: new URLSearchParams({ token: "bahi_at_nope" }),
    });
    expect(undecodable.status).toBe(401);
    expect(undecodable.body.error).toBe("invalid_client");
    // An unknown client has a budget of its own (and is refused as before), as a request naming none.
    expect((await post(server, "introspect", "oap_other")).status).toBe(401);
    expect((await post(server, "revoke", null)).status).toBe(401);

    // A standard client library reads the refusal as an RFC 6749 error.
    const issuer = new URL(server.url);
    const insecure = { [oauth.allowInsecureRequests]: true };
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
    );
    const client: oauth.Client = { client_id: "bahi-cli" };
    const response = await oauth.deviceAuthorizationRequest(
      as,
      client,
      oauth.None(),
      { scope: "account:read" },
      insecure,
    );
    const refused = await oauth
      .processDeviceAuthorizationResponse(as, client, response)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(oauth.ResponseBodyError);
    expect((refused as oauth.ResponseBodyError).status).toBe(429);
    expect((refused as oauth.ResponseBodyError).error).toBe(RATE_LIMITED_ERROR);
  });

  it("count per address: N answered, N+1 refused whichever client; refusals by a client's budget spend none of it", async () => {
    const server = await limitedApi({ perClient: 2, perAddress: 5, windowSeconds: 60 });
    expect((await post(server, "introspect")).status).toBe(200);
    expect((await post(server, "device")).status).toBe(200);
    expectLimited(await post(server, "introspect"), 60);
    expect((await post(server, "introspect", "oap_second")).status).toBe(401);
    expect((await post(server, "revoke", "oap_third")).status).toBe(401);
    expect((await post(server, "token", null)).status).toBe(400);
    // Five served from this address: the sixth is refused, whoever it names.
    expectLimited(await post(server, "introspect", "oap_fourth"), 60);
    expectLimited(await post(server, "device", null), 60);
  });

  it("answer again once the window has passed, after the Retry-After it gave", async () => {
    const windowSeconds = 2;
    const server = await limitedApi({ perClient: 2, perAddress: 100, windowSeconds });
    expect((await post(server, "introspect")).status).toBe(200);
    expect((await post(server, "introspect")).status).toBe(200);
    const refused = await post(server, "introspect");
    expectLimited(refused, windowSeconds);
    await afterRetry(refused);
    expect((await post(server, "introspect")).status).toBe(200);
  });
});

describe.runIf(redisTestsRun)("the OAuth endpoints' limits in Redis", () => {
  it("are shared by every node counting in one Redis, and start afresh after the window", async () => {
    const redis = await startRedis();
    cleanups.push(redis.kill);
    const windowSeconds = 2;
    const limits = { perClient: 3, perAddress: 100, windowSeconds };
    const first = await limitedApi(limits, redis);
    const second = await limitedApi(limits, redis);
    const store = new Redis(redis.url);
    cleanups.push(async () => void store.disconnect());

    expect((await post(first, "introspect")).status).toBe(200);
    expect((await post(second, "device")).status).toBe(200);
    expect(await store.get(`${REDIS_KEY_PREFIX}:oauth:client:bahi-cli`)).toBe("2");
    expect((await post(first, "revoke")).status).toBe(200);
    const refused = await post(second, "introspect");
    expectLimited(refused, windowSeconds);
    expect(await store.get(`${REDIS_KEY_PREFIX}:oauth:address:127.0.0.1`)).toBe("3");
    await afterRetry(refused);
    expect((await post(second, "introspect")).status).toBe(200);
  });
});
