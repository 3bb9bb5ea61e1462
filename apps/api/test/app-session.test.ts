import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invitations, memberLinks, members, sessions } from "../src/db/schema.js";
import { tokenHash } from "../src/secrets/link-tokens.js";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../src/secrets/passwords.js";
import {
  INVITATION_LIFETIME_DAYS,
  issueLink,
  RESET_LINK_LIFETIME_MINUTES,
  SIGN_IN_LINK_LIFETIME_HOURS,
} from "../src/services/members/members.js";
import { SESSION_LIFETIME_HOURS } from "../src/services/members/sessions.js";
import { SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_FAILURES_PER_EMAIL } from "../src/services/members/sign-in.js";
import { currentCode } from "../src/services/members/totp.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { Browser, MailCatcher, memberOf, PASSWORD } from "./support/members.js";
import { createTenant, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;
const mail = new MailCatcher();
let emailCount = 0;
const newEmail = (role = "m") => `${role}${++emailCount}@acme.example`;

beforeAll(async () => {
  api = await startTestApi({ mailer: mail });
  tenant = await createTenant(api.database.handle.db);
});
afterAll(() => api.close());
// Every test signs in from 127.0.0.1: failures of one must not throttle the next.
beforeEach(async () => {
  await api.database.handle.db.execute(sql`delete from sign_in_failures`);
});

async function signedIn(role: "owner" | "admin" | "developer" | "accountant" | "viewer" = "owner") {
  const email = newEmail(role);
  const member = await memberOf(api.database.handle.db, tenant.accountId, email, role);
  const browser = new Browser(api.url);
  const res = await browser.signIn(email, PASSWORD);
  expect(res.status).toBe(200);
  return { browser, email, member };
}

describe("signing in", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie, not Secure on loopback, and stores only its hash", async () => {
    const email = newEmail();
    await memberOf(api.database.handle.db, tenant.accountId, email, "owner");
    const browser = new Browser(api.url);
    const res = await browser.signIn(email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "session",
      role: "owner",
      livemode: false,
      account_id: tenant.accountId,
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^bahi_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    const token = browser.cookie ?? "";
    const rows = await api.database.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const [member] = await api.database.handle.db.select().from(members).where(eq(members.email, email));
    expect(member?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("marks the cookie Secure when the server is not reached on loopback", async () => {
    const email = newEmail();
    await memberOf(api.database.handle.db, tenant.accountId, email, "viewer");
    const { request } = await import("node:http");
    const url = new URL("/app/api/session", api.url);
    const cookie = await new Promise<string>((resolve, reject) => {
      const req = request(
        url,
        { method: "POST", headers: { host: "bahi.example.in", "content-type": "application/json" } },
        (res) => {
          res.resume();
          resolve(String(res.headers["set-cookie"] ?? ""));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ email, password: PASSWORD }));
    });
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
  });

  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const email = newEmail();
    await memberOf(api.database.handle.db, tenant.accountId, email, "viewer");
    const browser = new Browser(api.url);
    const wrong = await browser.signIn(email, "not my passphrase at all");
    const unknown = await browser.signIn("nobody@acme.example", PASSWORD);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.code).toBe("invalid_credentials");
    expect(unknown.body.code).toBe("invalid_credentials");
    expect(browser.cookie).toBeNull();
  });

  it("refuses a malformed body (400) and a body that is not JSON (415)", async () => {
    const browser = new Browser(api.url);
    expect((await browser.call("signIn", { body: { email: "x@y.example" } })).status).toBe(400);
    const res = await fetch(new URL("/app/api/session", api.url), {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "email=x",
    });
    expect(res.status).toBe(415);
  });

  it("rotates the session at sign-in: the browser's old token stops working", async () => {
    const { browser, email } = await signedIn("viewer");
    const before = browser.cookie;
    expect((await browser.signIn(email, PASSWORD)).status).toBe(200);
    expect(browser.cookie).not.toBe(before);
    const old = new Browser(api.url);
    old.cookie = before;
    expect((await old.call("readSession")).status).toBe(401);
    expect((await browser.call("readSession")).status).toBe(200);
  });
});

describe("CSRF", () => {
  it("refuses a state change without the session's token, with another token, or from another site", async () => {
    const { browser } = await signedIn("owner");
    const missing = await browser.call("updateSession", { body: { livemode: true }, csrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe("csrf_failed");
    const wrong = await browser.call("updateSession", {
      body: { livemode: true },
      headers: { "x-csrf-token": "A".repeat(43) },
    });
    expect(wrong.body.code).toBe("csrf_failed");
    const crossSite = await browser.call("updateSession", {
      body: { livemode: true },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.body.code).toBe("csrf_failed");
    const otherOrigin = await browser.call("updateSession", {
      body: { livemode: true },
      headers: { origin: "https://evil.example" },
    });
    expect(otherOrigin.body.code).toBe("csrf_failed");
    expect((await browser.call("readSession")).body.livemode).toBe(false);
    const ok = await browser.call("updateSession", {
      body: { livemode: true },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.livemode).toBe(true);
  });

  it("refuses a cross-site sign-in (login CSRF)", async () => {
    const email = newEmail();
    await memberOf(api.database.handle.db, tenant.accountId, email, "viewer");
    const res = await new Browser(api.url).call("signIn", {
      body: { email, password: PASSWORD },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });
});

describe("signing out", () => {
  it("ends this session and clears the cookie", async () => {
    const { browser } = await signedIn("viewer");
    const token = browser.cookie;
    const res = await browser.call("signOut");
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toMatch(/^bahi_session=;.*Max-Age=0/);
    const old = new Browser(api.url);
    old.cookie = token;
    expect((await old.call("readSession")).status).toBe(401);
  });

  it("everywhere ends every session of the member", async () => {
    const { browser, email } = await signedIn("developer");
    const other = new Browser(api.url);
    expect((await other.signIn(email, PASSWORD)).status).toBe(200);
    expect((await browser.call("signOutEverywhere")).status).toBe(204);
    expect((await other.call("readSession")).status).toBe(401);
    expect((await browser.call("readSession")).status).toBe(401);
  });
});

describe("throttling", () => {
  it(`refuses an email after ${SIGN_IN_FAILURES_PER_EMAIL} failures, even with the right password`, async () => {
    const email = newEmail();
    await memberOf(api.database.handle.db, tenant.accountId, email, "viewer");
    const browser = new Browser(api.url);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL - 1; i++) {
      expect((await browser.signIn(email, "wrong passphrase here")).status).toBe(401);
    }
    // One failure short of the limit, the right password still works.
    expect((await browser.signIn(email, PASSWORD)).status).toBe(200);
    expect((await browser.signIn(email, "wrong passphrase here")).status).toBe(401);
    const refused = await browser.signIn(email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("sign_in_throttled");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another member signs in from the same address.
    expect((await signedIn("viewer")).browser.cookie).not.toBeNull();
  });

  it(`refuses an address after ${SIGN_IN_FAILURES_PER_ADDRESS} failures, whatever the email`, async () => {
    const browser = new Browser(api.url);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS - 1; i++) {
      expect((await browser.signIn(`stranger${i}@acme.example`, "wrong passphrase here")).status).toBe(401);
    }
    const email = newEmail();
    await memberOf(api.database.handle.db, tenant.accountId, email, "viewer");
    expect((await browser.signIn(email, PASSWORD)).status).toBe(200);
    expect((await browser.signIn("stranger@acme.example", "wrong passphrase here")).status).toBe(401);
    const refused = await browser.signIn(email, PASSWORD);
    expect(refused.status).toBe(429);
  });
});

describe("two-factor sign-in", () => {
  it("asks for a TOTP code after the password, and takes a recovery code once", async () => {
    const { browser, email } = await signedIn("owner");
    const enrolment = await browser.call("startTotp");
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = enrolment.body.secret as string;
    expect(
      (
        await browser.call("confirmTotp", {
          body: { code: "000000" === currentCode(secret, new Date()) ? "111111" : "000000" },
        })
      ).status,
    ).toBe(422);
    const confirmed = await browser.call("confirmTotp", { body: { code: currentCode(secret, new Date()) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);

    const next = new Browser(api.url);
    const first = await next.signIn(email, PASSWORD);
    expect(first.body.second_factor_pending).toBe(true);
    const pendingCookie = next.cookie;
    expect((await next.call("readSession")).status).toBe(401);
    expect((await next.call("listMembers")).status).toBe(401);
    const wrong = await next.call("completeSignIn", {
      body: { code: currentCode(secret, new Date(Date.now() - 600_000)) },
    });
    expect(wrong.status).toBe(401);
    const done = await next.call("completeSignIn", { body: { code: currentCode(secret, new Date()) } });
    expect(done.status).toBe(200);
    expect(done.body.second_factor_pending).toBe(false);
    expect(next.cookie).not.toBe(pendingCookie);
    expect((await next.call("readSession")).body.member.totp_enabled).toBe(true);

    const third = new Browser(api.url);
    await third.signIn(email, PASSWORD);
    expect((await third.call("completeSignIn", { body: { recovery_code: codes[0] } })).status).toBe(200);
    const fourth = new Browser(api.url);
    await fourth.signIn(email, PASSWORD);
    expect((await fourth.call("completeSignIn", { body: { recovery_code: codes[0] } })).status).toBe(401);
  });
});

describe("members and roles", () => {
  it("invites by email; the invitee joins with the role and a password long and uncommon enough", async () => {
    const { browser } = await signedIn("admin");
    const email = newEmail("invitee");
    const invited = await browser.call("createInvitation", { body: { email, role: "viewer" } });
    expect(invited.status).toBe(201);
    expect(
      (await browser.call("createInvitation", { body: { email: "x@acme.example", role: "owner" } })).status,
    ).toBe(403);
    const token = mail.lastToken(email);
    const invitee = new Browser(api.url);
    const short = await invitee.call("acceptInvitation", {
      body: { token, password: "x".repeat(MIN_PASSWORD_LENGTH - 1) },
    });
    expect(short.status).toBe(422);
    expect(short.body.code).toBe("weak_password");
    const common = await invitee.call("acceptInvitation", { body: { token, password: "qwerty123456" } });
    expect(common.body.code).toBe("weak_password");
    const joined = await invitee.call("acceptInvitation", {
      body: { token, name: "Vee", password: "x".repeat(MIN_PASSWORD_LENGTH) },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.role).toBe("viewer");
    expect((await invitee.call("acceptInvitation", { body: { token, password: PASSWORD } })).status).toBe(
      404,
    );
    // A viewer reads the members but cannot invite, and cannot read the audit log.
    expect((await invitee.call("listMembers")).status).toBe(200);
    const refused = await invitee.call("createInvitation", { body: { email: newEmail(), role: "viewer" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_role");
    expect((await invitee.call("listAuditLog")).status).toBe(403);
  });

  it("changes roles; only owners touch owners; the last owner stays", async () => {
    const { browser: admin } = await signedIn("admin");
    const { member: dev } = await signedIn("developer");
    const changed = await admin.call("updateMember", { path: { id: dev.id }, body: { role: "accountant" } });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe("accountant");
    expect((await admin.call("updateMember", { path: { id: dev.id }, body: { role: "owner" } })).status).toBe(
      403,
    );
    expect(
      (
        await admin.call("updateMember", {
          path: { id: "mem_00000000000000000000000000" },
          body: { role: "viewer" },
        })
      ).status,
    ).toBe(404);
    const solo = await createTenant(api.database.handle.db, { legalName: "Solo Traders" });
    const ownerEmail = newEmail("solo");
    const owner = await memberOf(api.database.handle.db, solo.accountId, ownerEmail, "owner");
    const soloBrowser = new Browser(api.url);
    await soloBrowser.signIn(ownerEmail, PASSWORD);
    const last = await soloBrowser.call("updateMember", { path: { id: owner.id }, body: { role: "admin" } });
    expect(last.status).toBe(409);
    expect((await soloBrowser.call("removeMember", { path: { id: owner.id } })).status).toBe(409);
  });

  it("removing a member ends their sessions in the account", async () => {
    const { browser: owner } = await signedIn("owner");
    const { browser: leaving, member } = await signedIn("accountant");
    expect((await owner.call("removeMember", { path: { id: member.id } })).status).toBe(204);
    expect((await leaving.call("readSession")).status).toBe(401);
    expect((await owner.call("removeMember", { path: { id: member.id } })).status).toBe(404);
  });

  it("no member reaches another account: switching to it is 404, its members are not listed", async () => {
    const other = await createTenant(api.database.handle.db, { legalName: "Other Traders" });
    const { browser } = await signedIn("owner");
    const res = await browser.call("updateSession", { body: { account_id: other.accountId } });
    expect(res.status).toBe(404);
    const listed = await browser.call("listMembers");
    expect(listed.body.data.every((m: { email: string }) => !m.email.startsWith("solo"))).toBe(true);
  });
});

describe("password resets and sign-in links", () => {
  it("emails a reset link that sets the password once and ends every session", async () => {
    const { browser, email } = await signedIn("viewer");
    const anonymous = new Browser(api.url);
    expect((await anonymous.call("requestPasswordReset", { body: { email } })).status).toBe(202);
    expect(
      (await anonymous.call("requestPasswordReset", { body: { email: "nobody@acme.example" } })).status,
    ).toBe(202);
    const token = mail.lastToken(email);
    const newPassword = "another long passphrase";
    expect(
      (await anonymous.call("completePasswordReset", { body: { token, password: newPassword } })).status,
    ).toBe(204);
    expect(
      (await anonymous.call("completePasswordReset", { body: { token, password: newPassword } })).status,
    ).toBe(404);
    expect((await browser.call("readSession")).status).toBe(401);
    expect((await anonymous.signIn(email, PASSWORD)).status).toBe(401);
    expect((await anonymous.signIn(email, newPassword)).status).toBe(200);
  });

  it("signs in once with a one-time link", async () => {
    const email = newEmail();
    const member = await memberOf(api.database.handle.db, tenant.accountId, email, "owner");
    const token = await issueLink(api.database.handle.db, member.id, "sign_in", new Date());
    const browser = new Browser(api.url);
    expect((await browser.call("redeemSignInLink", { body: { token } })).status).toBe(200);
    expect((await new Browser(api.url).call("redeemSignInLink", { body: { token } })).status).toBe(404);
  });
});

describe("the audit log", () => {
  it("records sign-ins, invitations and role changes, with who and when", async () => {
    const { browser, member } = await signedIn("owner");
    const { member: dev } = await signedIn("developer");
    await browser.call("updateMember", { path: { id: dev.id }, body: { role: "viewer" } });
    const page = await browser.call("listAuditLog", { query: { limit: 100 } });
    expect(page.status).toBe(200);
    const change = page.body.data.find(
      (e: { action: string; target_id: string }) =>
        e.action === "member.role_changed" && e.target_id === dev.id,
    );
    expect(change).toMatchObject({
      actor: { type: "member", id: member.id },
      details: { from: "developer", to: "viewer" },
    });
    expect(page.body.data.some((e: { action: string }) => e.action === "member.signed_in")).toBe(true);
    expect((await browser.call("listAuditLog", { query: { limit: 0 } })).status).toBe(400);
  });
});

describe("lifetimes and limits", () => {
  const HOUR = 3_600_000;
  const near = (iso: string, expected: number) =>
    expect(Math.abs(new Date(iso).getTime() - expected)).toBeLessThan(60_000);

  it(`a session lasts ${SESSION_LIFETIME_HOURS} hours: valid up to its end, refused after`, async () => {
    const started = Date.now();
    const { browser } = await signedIn("viewer");
    const session = (await browser.call("readSession")).body;
    near(session.expires_at, started + SESSION_LIFETIME_HOURS * HOUR);
    const hash = tokenHash(browser.cookie ?? "");
    const db = api.database.handle.db;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 5_000) })
      .where(eq(sessions.tokenHash, hash));
    expect((await browser.call("readSession")).status).toBe(200);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.tokenHash, hash));
    expect((await browser.call("readSession")).status).toBe(401);
  });

  it(`invitations last ${INVITATION_LIFETIME_DAYS} days, reset links ${RESET_LINK_LIFETIME_MINUTES} minutes, sign-in links ${SIGN_IN_LINK_LIFETIME_HOURS} hours`, async () => {
    const db = api.database.handle.db;
    const { browser } = await signedIn("owner");
    const email = newEmail("late");
    const invited = await browser.call("createInvitation", { body: { email, role: "viewer" } });
    near(invited.body.expires_at, Date.now() + INVITATION_LIFETIME_DAYS * 24 * HOUR);
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(invitations.id, invited.body.id));
    const late = await new Browser(api.url).call("acceptInvitation", {
      body: { token: mail.lastToken(email), password: PASSWORD },
    });
    expect(late.status).toBe(404);

    const member = await memberOf(db, tenant.accountId, newEmail(), "viewer");
    for (const [purpose, lifetime] of [
      ["sign_in", SIGN_IN_LINK_LIFETIME_HOURS * HOUR],
      ["password_reset", RESET_LINK_LIFETIME_MINUTES * 60_000],
    ] as const) {
      const token = await issueLink(db, member.id, purpose, new Date());
      const [row] = await db
        .select()
        .from(memberLinks)
        .where(eq(memberLinks.tokenHash, tokenHash(token)));
      near((row?.expiresAt ?? new Date(0)).toISOString(), Date.now() + lifetime);
      await db
        .update(memberLinks)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(memberLinks.tokenHash, tokenHash(token)));
      const res =
        purpose === "sign_in"
          ? await new Browser(api.url).call("redeemSignInLink", { body: { token } })
          : await new Browser(api.url).call("completePasswordReset", { body: { token, password: PASSWORD } });
      expect(res.status, purpose).toBe(404);
    }
  });

  it(`passwords of ${MAX_PASSWORD_LENGTH} characters are taken, longer ones refused`, async () => {
    const { browser } = await signedIn("owner");
    const longest = "p".repeat(MAX_PASSWORD_LENGTH);
    const email = newEmail("long");
    await browser.call("createInvitation", { body: { email, role: "viewer" } });
    const token = mail.lastToken(email);
    const tooLong = await new Browser(api.url).call("acceptInvitation", {
      body: { token, password: `${longest}p` },
    });
    expect(tooLong.status).toBe(400);
    const joined = await new Browser(api.url).call("acceptInvitation", {
      body: { token, password: longest },
    });
    expect(joined.status).toBe(200);
    expect((await new Browser(api.url).signIn(email, longest)).status).toBe(200);
  });
});
