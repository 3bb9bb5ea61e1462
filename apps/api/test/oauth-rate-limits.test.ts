import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthTokens } from "../src/db/schema.js";
import { newPrefixedSecret, OAUTH_ACCESS_TOKEN_PREFIX } from "../src/secrets/api-key-secrets.js";
import { newId } from "../src/values/ids.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { memberOf } from "./support/members.js";
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
