import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, driverUnderTest, type TestDatabase } from "./support/database.js";
import { runCli, type ServerProcess, startServerProcess } from "./support/processes.js";
import { GSTINS } from "./support/tenants.js";

const databases: TestDatabase[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) server.child.kill("SIGKILL");
  for (const db of databases) await db.drop();
});

/** Started servers are killed after the file even when an assertion stopped a test half-way. */
async function started(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  servers.push(server);
  return server;
}

/** The environment of a fresh installation on the driver under test. */
async function freshEnvironment(): Promise<Record<string, string>> {
  if (driverUnderTest === "pglite") return { BAHI_DATA_DIR: mkdtempSync(join(tmpdir(), "bahi-data-")) };
  const db = await createTestDatabase();
  databases.push(db);
  return { DATABASE_URL: db.url as string, BAHI_DEMO: "true" };
}

describe("the server process", () => {
  it("starts on an empty database with a demo account and a printed test key, and stops cleanly on SIGTERM", async () => {
    const env = await freshEnvironment();
    const server = await started(env);
    const key = /export BAHI_API_KEY=(sk_test_[0-9A-Za-z]{43})/.exec(server.output())?.[1];
    expect(key).toBeDefined();
    const res = await fetch(`${server.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { legal_name: string }).legal_name).toBe("Demo Traders Private Limited");
    const logLine = await server.lineWith('"path":"/v1/account"');
    expect(JSON.parse(logLine)).toMatchObject({
      status: 200,
      method: "GET",
      request_id: res.headers.get("x-request-id"),
    });
    expect(
      server
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .join("\n"),
    ).not.toContain(key);

    if (driverUnderTest === "pglite") {
      const second = await runCli(["migrate"], env);
      expect(second.code).toBe(2);
      expect(second.stderr).toMatch(
        /is in use by another Bahi process \(pid \d+ on [^,]+, "bahi api server", since /,
      );
    }

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    await server.lineWith('"msg":"stopped"');
    if (env.BAHI_DATA_DIR) expect(existsSync(join(env.BAHI_DATA_DIR, "bahi.lock"))).toBe(false);

    const restarted = await started(env);
    expect(restarted.output()).not.toContain("BAHI_API_KEY=");
    const again = await fetch(`${restarted.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(200);
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
  });

  it("refuses bad configuration with a clear message and exit code 2", async () => {
    const server = startServerProcess({ PORT: "eighty" });
    await expect(server).rejects.toThrow(/exited with 2[\s\S]*PORT must be a whole number/);
  });
});

describe("the operator CLI", () => {
  it("creates an account and keys, pauses and resumes, revokes, each printing one JSON object", async () => {
    const env = await freshEnvironment();
    const account = await runCli(
      [
        "accounts",
        "create",
        "--legal-name",
        "Acme Traders Private Limited",
        "--gstin",
        GSTINS.karnataka,
        "--address",
        "12 MG Road",
        "--city",
        "Bengaluru",
        "--pin",
        "560001",
        "--plan",
        "enterprise",
        "--json",
      ],
      env,
    );
    expect(account.code).toBe(0);
    const created = JSON.parse(account.stdout);
    expect(created).toMatchObject({
      object: "account",
      gstin: GSTINS.karnataka,
      pan: "AABCU9603R",
      state_code: "29",
      plan: "enterprise",
    });

    const key = await runCli(
      [
        "keys",
        "create",
        "--account",
        created.id,
        "--mode",
        "live",
        "--scopes",
        "invoices:read,account:read",
        "--json",
      ],
      env,
    );
    expect(key.code).toBe(0);
    const issued = JSON.parse(key.stdout);
    expect(issued.secret).toMatch(/^sk_live_/);
    expect(issued.scopes).toEqual(["invoices:read", "account:read"]);

    const paused = JSON.parse(
      (await runCli(["accounts", "pause", "--account", created.id, "--json"], env)).stdout,
    );
    expect(paused.subscription_status).toBe("paused");
    const resumed = JSON.parse(
      (await runCli(["accounts", "resume", "--account", created.id, "--json"], env)).stdout,
    );
    expect(resumed.subscription_status).toBe("active");

    const revoked = JSON.parse((await runCli(["keys", "revoke", "--key", issued.id, "--json"], env)).stdout);
    expect(revoked.revoked_at).not.toBeNull();
  });

  it("explains bad input: an invalid GSTIN, an unknown scope, an unknown command", async () => {
    const env = await freshEnvironment();
    const bad = await runCli(
      [
        "accounts",
        "create",
        "--legal-name",
        "X",
        "--gstin",
        "22AAAAA0000A1Z5",
        "--address",
        "a",
        "--city",
        "b",
        "--pin",
        "560001",
        "--json",
      ],
      env,
    );
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error.code).toBe("invalid_gstin");
    const scope = await runCli(
      ["keys", "create", "--account", "acc_x", "--mode", "test", "--scopes", "*"],
      env,
    );
    expect(scope.code).toBe(1);
    expect(scope.stderr).toContain("No such account");
    const unknown = await runCli(["frobnicate"], env);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
  });
});
