// The statuses of the application's contract (spec/app) that app-session.test.ts does not reach; the
// run on PostgreSQL checks that every listed 4xx was answered (support/status-coverage.ts).
import { appOperationList } from "@bahi/contract/app";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SIGN_IN_FAILURES_PER_EMAIL } from "../src/services/members/sign-in.js";
import { currentCode } from "../src/services/members/totp.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { type AppCallResult, Browser, MailCatcher, memberOf, PASSWORD } from "./support/members.js";
import { recordAnswer } from "./support/status-coverage.js";
import { createTenant, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;
const mail = new MailCatcher();
let count = 0;

beforeAll(async () => {
  api = await startTestApi({ mailer: mail });
  tenant = await createTenant(api.database.handle.db);
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.database.handle.db.execute(sql`delete from sign_in_failures`);
});

function call(
  browser: Browser,
  operationId: string,
  options: Parameters<Browser["call"]>[1] = {},
): Promise<AppCallResult> {
  return browser.call(operationId, options);
}

async function signedIn(role: "owner" | "admin" | "viewer" = "owner") {
  const email = `s${++count}@acme.example`;
  const member = await memberOf(api.database.handle.db, tenant.accountId, email, role);
  const browser = new Browser(api.url);
  await call(browser, "signIn", { body: { email, password: PASSWORD } });
  return { browser, email, member };
}

const withSession = appOperationList.filter((op) => op.scheme === "session");
const sampleBody: Record<string, unknown> = {
  updateSession: { livemode: true },
  confirmTotp: { code: "123456" },
  disableTotp: { code: "123456" },
  updateMember: { role: "viewer" },
  createInvitation: { email: "new@acme.example", role: "viewer" },
};
const samplePath = { id: "mem_00000000000000000000000000" };

describe("the statuses of spec/app", () => {
  it("401 without a session, on every operation that needs one", async () => {
    const anonymous = new Browser(api.url);
    for (const op of [...withSession, ...appOperationList.filter((o) => o.scheme === "pendingSession")]) {
      const body = op.operationId === "completeSignIn" ? { code: "123456" } : sampleBody[op.operationId];
      const res = await call(anonymous, op.operationId, { path: samplePath, ...(body ? { body } : {}) });
      expect(res.status, op.operationId).toBe(401);
    }
  });

  it("403 for a state change without the CSRF token, and for public POSTs from another site", async () => {
    const { browser } = await signedIn("owner");
    for (const op of withSession.filter((o) => o.method !== "GET")) {
      const body = sampleBody[op.operationId];
      const res = await call(browser, op.operationId, {
        path: samplePath,
        csrf: false,
        ...(body ? { body } : {}),
      });
      expect(res.status, op.operationId).toBe(403);
    }
    const publicBodies: Record<string, unknown> = {
      signIn: { email: "x@acme.example", password: PASSWORD },
      acceptInvitation: { token: "A".repeat(43), password: PASSWORD },
      requestPasswordReset: { email: "x@acme.example" },
      completePasswordReset: { token: "A".repeat(43), password: PASSWORD },
      redeemSignInLink: { token: "A".repeat(43) },
    };
    for (const [operationId, body] of Object.entries(publicBodies)) {
      const res = await call(new Browser(api.url), operationId, {
        body,
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(res.status, operationId).toBe(403);
    }
  });

  it("400 for bodies and parameters outside the contract", async () => {
    const { browser } = await signedIn("owner");
    const bad: [string, unknown][] = [
      ["updateSession", {}],
      ["disableTotp", { code: "12" }],
      ["confirmTotp", { code: "abc" }],
      ["updateMember", { role: "king" }],
      ["createInvitation", { email: "not an email", role: "viewer" }],
    ];
    for (const [operationId, body] of bad) {
      expect((await call(browser, operationId, { path: samplePath, body })).status, operationId).toBe(400);
    }
    const anonymous = new Browser(api.url);
    for (const [operationId, body] of [
      ["acceptInvitation", { token: "short", password: PASSWORD }],
      ["requestPasswordReset", { email: 42 }],
      ["completePasswordReset", { token: "A".repeat(43) }],
      ["redeemSignInLink", {}],
    ] as const) {
      expect((await call(anonymous, operationId, { body })).status, operationId).toBe(400);
    }
    const pending = await twoFactorMember();
    expect((await call(pending.browser, "completeSignIn", { body: {} })).status).toBe(400);
  });

  it("the second factor: 403 without a pending sign-in, 409 when on already, 422 and 204 to turn it off, 429 after failures", async () => {
    const { browser } = await signedIn("owner");
    expect((await call(browser, "completeSignIn", { body: { code: "123456" } })).status).toBe(403);
    expect((await call(browser, "disableTotp", { body: { code: "123456" } })).status).toBe(422);
    const enrolled = await call(browser, "startTotp");
    const secret = enrolled.body.secret as string;
    expect(
      (await call(browser, "confirmTotp", { body: { code: currentCode(secret, new Date()) } })).status,
    ).toBe(200);
    expect(
      (await call(browser, "confirmTotp", { body: { code: currentCode(secret, new Date()) } })).status,
    ).toBe(409);
    expect(
      (await call(browser, "disableTotp", { body: { code: currentCode(secret, new Date()) } })).status,
    ).toBe(204);

    const pending = await twoFactorMember();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++) {
      expect(
        (await call(pending.browser, "completeSignIn", { body: { recovery_code: "aaaaa-aaaaa" } })).status,
      ).toBe(401);
    }
    const throttled = await call(pending.browser, "completeSignIn", {
      body: { code: currentCode(pending.secret, new Date()) },
    });
    expect(throttled.status).toBe(429);
  });

  it("members: 409 for inviting a member, 403 for an admin removing an owner, 401 for an invitee with another password", async () => {
    const { browser: admin, email } = await signedIn("admin");
    expect((await call(admin, "createInvitation", { body: { email, role: "viewer" } })).status).toBe(409);
    const { member: owner } = await signedIn("owner");
    expect((await call(admin, "removeMember", { path: { id: owner.id } })).status).toBe(403);

    const other = await createTenant(api.database.handle.db, { legalName: "Other Traders" });
    const otherOwnerEmail = `other${++count}@acme.example`;
    await memberOf(api.database.handle.db, other.accountId, otherOwnerEmail, "owner");
    const otherOwner = new Browser(api.url);
    await call(otherOwner, "signIn", { body: { email: otherOwnerEmail, password: PASSWORD } });
    const { email: existing } = await signedIn("viewer");
    expect(
      (await call(otherOwner, "createInvitation", { body: { email: existing, role: "viewer" } })).status,
    ).toBe(201);
    const token = mail.lastToken(existing);
    const wrong = await call(new Browser(api.url), "acceptInvitation", {
      body: { token, password: "not the member's password" },
    });
    expect(wrong.status).toBe(401);
    const joined = await call(new Browser(api.url), "acceptInvitation", {
      body: { token, password: PASSWORD },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.accounts).toHaveLength(2);
  });

  it("password resets: 422 for a weak password, 429 for too many requests", async () => {
    const { email } = await signedIn("viewer");
    const anonymous = new Browser(api.url);
    expect((await call(anonymous, "requestPasswordReset", { body: { email } })).status).toBe(202);
    const token = mail.lastToken(email);
    expect(
      (await call(anonymous, "completePasswordReset", { body: { token, password: "password1234" } })).status,
    ).toBe(422);
    for (let i = 1; i < SIGN_IN_FAILURES_PER_EMAIL; i++) {
      expect((await call(anonymous, "requestPasswordReset", { body: { email } })).status).toBe(202);
    }
    const throttled = await call(anonymous, "requestPasswordReset", { body: { email } });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    // Asking for resets does not lock the member out of signing in.
    expect((await call(new Browser(api.url), "signIn", { body: { email, password: PASSWORD } })).status).toBe(
      200,
    );
  });

  it("signIn's 415 (not JSON) and 429 are answered too", async () => {
    const res = await fetch(new URL("/app/api/session", api.url), {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "x",
    });
    expect(res.status).toBe(415);
    recordAnswer("signIn", 415);
    const { email } = await signedIn("viewer");
    const browser = new Browser(api.url);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++)
      await call(browser, "signIn", { body: { email, password: "wrong passphrase!" } });
    expect((await call(browser, "signIn", { body: { email, password: PASSWORD } })).status).toBe(429);
  });
});

/** A member with TOTP on, signed in with the password and waiting for the code. */
async function twoFactorMember() {
  const { browser, email } = await signedIn("viewer");
  const secret = (await call(browser, "startTotp")).body.secret as string;
  await call(browser, "confirmTotp", { body: { code: currentCode(secret, new Date()) } });
  const pendingBrowser = new Browser(api.url);
  const first = await call(pendingBrowser, "signIn", { body: { email, password: PASSWORD } });
  expect(first.body.second_factor_pending).toBe(true);
  return { browser: pendingBrowser, secret };
}
