// `pnpm bahi login | whoami | logout` end to end: the CLI's bundle as its own process against a
// running server, a member approving its code through the application's operations, the tokens in
// $XDG_CONFIG_HOME/bahi (mode 0600) and never printed, refreshed when expired, revoked at logout.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/api.js";
import { Browser, MailCatcher, memberOf, PASSWORD } from "./support/members.js";
import { runCli } from "./support/processes.js";
import { createTenant, type Tenant } from "./support/tenants.js";

const apiRoot = fileURLToPath(new URL("..", import.meta.url));
let api: TestApi;
let tenant: Tenant;
let browser: Browser;
let env: Record<string, string>;
let credentialsFile: string;

beforeAll(async () => {
  api = await startTestApi({ mailer: new MailCatcher() });
  tenant = await createTenant(api.database.handle.db);
  await memberOf(api.database.handle.db, tenant.accountId, "cli@acme.example", "accountant");
  browser = new Browser(api.url);
  expect((await browser.signIn("cli@acme.example", PASSWORD)).status).toBe(200);
  const config = mkdtempSync(join(tmpdir(), "bahi-config-"));
  env = { XDG_CONFIG_HOME: config, BAHI_URL: api.url };
  credentialsFile = join(config, "bahi", "credentials.json");
});
afterAll(() => api.close());

/** Runs `pnpm bahi login`, answering the code it prints as the member would; resolves when it exits. */
function login(answer: (userCode: string) => Promise<void>, ...args: string[]) {
  const child = spawn(process.execPath, ["dist/server/cli.js", "login", ...args], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
  });
  let stdout = "";
  let stderr = "";
  let answered = false;
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => {
    stderr += d;
    const code = /enter the code ([A-Z]{4}-[A-Z]{4})/.exec(stderr)?.[1];
    if (code && !answered) {
      answered = true;
      void answer(code);
    }
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
}

const approve = (scopes?: string[]) => async (userCode: string) => {
  const read = await browser.call("readDeviceAuthorization", { query: { user_code: userCode } });
  expect(read.body.app_name).toBe("Bahi CLI");
  if (scopes) expect(read.body.scopes).toEqual(scopes);
  const answered = await browser.call("answerDeviceAuthorization", {
    body: { user_code: userCode, allowed: true, account_id: tenant.accountId, livemode: false },
  });
  expect(answered.status).toBe(200);
};

describe("pnpm bahi login", () => {
  it("prints the link and code, waits for the member, and stores the tokens for the user alone", async () => {
    const done = await login(
      approve(["account:read", "invoices:read"]),
      "--scopes",
      "account:read,invoices:read",
    );
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`Open ${api.url}/app/device and enter the code`);
    expect(done.stderr).toContain(`${api.url}/app/device?user_code=`);
    expect(done.stdout).toContain("Signed in to");
    expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(credentialsFile, "..")).mode & 0o077).toBe(0);
    const stored = JSON.parse(readFileSync(credentialsFile, "utf8"));
    expect(stored.access_token).toMatch(/^bahi_at_/);
    expect(stored.refresh_token).toMatch(/^bahi_rt_/);
    expect(stored.scope).toBe("account:read invoices:read");
    for (const output of [done.stdout, done.stderr]) {
      expect(output).not.toContain(stored.access_token);
      expect(output).not.toContain(stored.refresh_token);
    }
  }, 60_000);

  it("whoami calls /v1/account with the stored token, and refreshes it once expired", async () => {
    const first = await runCli(["whoami", "--json"], env);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).account.id).toBe(tenant.accountId);
    const before = JSON.parse(readFileSync(credentialsFile, "utf8"));
    writeFileSync(
      credentialsFile,
      JSON.stringify({ ...before, expires_at: new Date(Date.now() - 1_000).toISOString() }),
      { mode: 0o600 },
    );
    const refreshed = await runCli(["whoami"], env);
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(refreshed.stdout).toContain("Acme Traders Private Limited");
    const after = JSON.parse(readFileSync(credentialsFile, "utf8"));
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.access_token).not.toBe(before.access_token);
    expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);
    expect(refreshed.stdout + refreshed.stderr).not.toContain(after.refresh_token);
    // The rotated-out refresh token is dead: the server took the rotation.
    const old = await fetch(new URL("/oauth/token", api.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: before.refresh_token,
        client_id: "bahi-cli",
      }),
    });
    expect(old.status).toBe(400);
  }, 60_000);

  it("logout revokes the tokens and deletes them; whoami then says to log in", async () => {
    await login(approve());
    const stored = JSON.parse(readFileSync(credentialsFile, "utf8"));
    const out = await runCli(["logout"], env);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain("revoked and deleted");
    expect(() => statSync(credentialsFile)).toThrow();
    expect((await api.call("retrieveAccount", { key: stored.access_token })).status).toBe(401);
    const whoami = await runCli(["whoami"], env);
    expect(whoami.code).toBe(1);
    expect(whoami.stderr).toContain("pnpm bahi login");
  }, 60_000);

  it("fails with the server's word when the member denies", async () => {
    const done = await login(async (userCode) => {
      await browser.call("answerDeviceAuthorization", { body: { user_code: userCode, allowed: false } });
    });
    expect(done.code).toBe(1);
    expect(done.stderr).toContain("denied");
    expect(() => statSync(credentialsFile)).toThrow();
  }, 60_000);
});
