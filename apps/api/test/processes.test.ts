import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, driverUnderTest, type TestDatabase } from "./support/database.js";
import {
  repoRoot,
  runCli,
  runPnpmBahi,
  type ServerProcess,
  startNpmStart,
  startServerProcess,
} from "./support/processes.js";
import { GSTINS } from "./support/tenants.js";

const databases: TestDatabase[] = [];
const servers: ServerProcess[] = [];
const chains: ServerProcess[] = [];
const workers: ChildProcess[] = [];
afterAll(async () => {
  for (const server of servers) server.child.kill("SIGKILL");
  for (const { pid } of [...chains.map((chain) => chain.child), ...workers]) {
    try {
      process.kill(-(pid as number), "SIGKILL");
    } catch {
      // The whole chain has exited already.
    }
  }
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
    if (env.BAHI_DATA_DIR) {
      const lockDir = join(env.BAHI_DATA_DIR, "lock");
      const left = readdirSync(lockDir).map((name) => JSON.parse(readFileSync(join(lockDir, name), "utf8")));
      expect(left).toEqual([expect.objectContaining({ command: "bahi api server", released: true })]);
    }

    const restarted = await started(env);
    expect(restarted.output()).not.toContain("BAHI_API_KEY=");
    const again = await fetch(`${restarted.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(again.status).toBe(200);
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
  });

  // The chain is the same on either database: run once, on PGlite, whose data directory shows the end.
  it.runIf(driverUnderTest === "pglite")(
    "stops under `npm start` when only npm gets the SIGTERM, as from an orchestrator",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "bahi-data-"));
      const chain = await startNpmStart({
        BAHI_DATA_DIR: dataDir,
        BAHI_SHUTDOWN_TIMEOUT_MS: "5000",
        DATABASE_URL: "",
        REDIS_URL: "",
      });
      chains.push(chain);
      chain.child.kill("SIGTERM");
      const ended = await Promise.race([
        chain.exited,
        // The README's promise: out within BAHI_SHUTDOWN_TIMEOUT_MS and 10 s more.
        new Promise((resolve) => setTimeout(() => resolve("still running after the timeout"), 15_000)),
      ]);
      expect(ended, chain.output()).toBe(0);
      // Logged once the database is closed and the data directory let go, which a CLI command then takes.
      await chain.lineWith('"msg":"stopped"');
      expect((await runCli(["migrate"], { BAHI_DATA_DIR: dataDir })).code).toBe(0);
    },
  );

  it("refuses bad configuration with a clear message and exit code 2", async () => {
    const server = startServerProcess({ PORT: "eighty" });
    await expect(server).rejects.toThrow(/exited with 2[\s\S]*PORT must be a whole number/);
    await expect(startServerProcess({ HOST: "256.1.1.1" })).rejects.toThrow(
      /exited with 2[\s\S]*HOST must be an IP address or a host name, e\.g\. 0\.0\.0\.0 or 127\.0\.0\.1, got "256\.1\.1\.1"/,
    );
    // A documentation address (RFC 5737): well formed, but no machine's own.
    const elsewhere = startServerProcess({ ...(await freshEnvironment()), HOST: "192.0.2.1" });
    await expect(elsewhere).rejects.toThrow(
      /exited with 2 before listening:\nHOST 192\.0\.2\.1 is not an address of this machine: set HOST to an address of this machine, or 0\.0\.0\.0 for all of them\.\n$/,
    );
  });

  it("stops with one line on a port in use, and keeps the demo key for the start that listens", async () => {
    const env = await freshEnvironment();
    const occupant = createServer();
    await new Promise<void>((resolve) => occupant.listen(0, "127.0.0.1", resolve));
    const { port } = occupant.address() as AddressInfo;
    try {
      await expect(startServerProcess({ ...env, PORT: String(port) })).rejects.toThrow(
        new RegExp(
          `exited with 1 before listening:\\nPORT ${port} on 127\\.0\\.0\\.1 is in use by another process: ` +
            "stop it, or set PORT to a free port \\(0 picks one\\)\\.\\n$",
        ),
      );
    } finally {
      occupant.close();
    }
    const server = await started(env);
    expect(server.output()).toMatch(/export BAHI_API_KEY=sk_test_/);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
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
        "--expires-at",
        "2099-01-01T05:30:00+05:30",
        "--json",
      ],
      env,
    );
    expect(key.code).toBe(0);
    const issued = JSON.parse(key.stdout);
    expect(issued.secret).toMatch(/^sk_live_/);
    expect(issued.scopes).toEqual(["invoices:read", "account:read"]);
    expect(issued.expires_at).toBe("2099-01-01T00:00:00.000Z");

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

  it("makes the first owner with --owner-email, who sets a password by the printed link and signs in", async () => {
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
        "--owner-email",
        "Owner@Acme.example",
        "--json",
      ],
      env,
    );
    expect(account.code, account.stderr).toBe(0);
    const created = JSON.parse(account.stdout);
    expect(created.owner.email).toBe("owner@acme.example");
    const token = String(created.owner.link).match(/\/app\/reset-password#([A-Za-z0-9_-]{43})$/)?.[1];
    expect(token).toBeDefined();
    const server = await started(env);
    const password = "the owner's own passphrase";
    const reset = await fetch(new URL("/app/api/password_resets/complete", server.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, password }),
    });
    expect(reset.status).toBe(204);
    const signIn = await fetch(new URL("/app/api/session", server.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@acme.example", password }),
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ role: "owner", account_id: created.id });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("prints only the JSON object under `pnpm bahi … --json`, without pnpm's banner", async () => {
    const result = await runPnpmBahi(["migrate", "--json"], await freshEnvironment());
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ migrated: true, driver: driverUnderTest });
  });

  it.runIf(driverUnderTest === "pglite")(
    "stops `pnpm bahi worker` when only pnpm gets the SIGTERM, as from an orchestrator",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "bahi-data-"));
      const { INIT_CWD: _, ...shell } = process.env;
      const worker = spawn("pnpm", ["bahi", "worker"], {
        cwd: repoRoot,
        detached: true,
        env: { ...shell, BAHI_DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info" },
      });
      workers.push(worker);
      let out = "";
      worker.stdout.on("data", (d) => (out += d));
      worker.stderr.on("data", (d) => (out += d));
      const exited = new Promise((resolve) => worker.on("close", resolve));
      for (let waited = 0; !out.includes("product import worker started"); waited += 50) {
        if (waited > 30_000) throw new Error(`the worker did not start:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      worker.kill("SIGTERM");
      const ended = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(() => resolve("still running after 5 s"), 5_000)),
      ]);
      expect(ended, out).toBe(0);
      expect(out).toContain("Worker stopped.");
    },
  );

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
    // Names every object has are no commands either.
    const inherited = await runCli(["toString"], env);
    expect(inherited.code).toBe(64);
    expect(inherited.stderr).toContain('Unknown command "toString"');
  });

  // Sixteen processes of the CLI: bounded work, given the time a busy machine needs for it.
  it("refuses account fields and key expiries the contract forbids, naming the flag", {
    timeout: 300_000,
  }, async () => {
    const env = await freshEnvironment();
    const account: Record<string, string> = {
      "--legal-name": "Acme Traders Private Limited",
      "--gstin": GSTINS.karnataka,
      "--address": "12 MG Road",
      "--city": "Bengaluru",
      "--pin": "560001",
    };
    const createWith = (changes: Record<string, string>, json = true) =>
      runCli(
        [
          "accounts",
          "create",
          ...Object.entries({ ...account, ...changes }).flat(),
          ...(json ? ["--json"] : []),
        ],
        env,
      );
    const refusals: [Record<string, string>, RegExp][] = [
      [{ "--pin": "notapin" }, /^--pin must match pattern/],
      [{ "--pin": "056001" }, /^--pin must match pattern/],
      [{ "--city": "B" }, /^--city must NOT have fewer than 3 characters/],
      [{ "--city": "B".repeat(51) }, /^--city must NOT have more than 50 characters/],
      [{ "--legal-name": "AB" }, /^--legal-name must NOT have fewer than 3 characters/],
      [{ "--legal-name": "A".repeat(101) }, /^--legal-name must NOT have more than 100 characters/],
      [{ "--trade-name": "A".repeat(101) }, /^--trade-name must NOT have more than 100 characters/],
      [{ "--address": "A".repeat(101) }, /^--address must NOT have more than 100 characters/],
      [{ "--address2": "A".repeat(101) }, /^--address2 must NOT have more than 100 characters/],
    ];
    const created = JSON.parse((await createWith({ "--city": "Goa", "--legal-name": "Abc" })).stdout);
    expect(created.address).toMatchObject({ city: "Goa", pin: "560001" });
    const keyWith = (...more: string[]) =>
      runCli(
        ["keys", "create", "--account", created.id, "--mode", "test", "--scopes", "*", ...more, "--json"],
        env,
      );
    const keyRefusals: [string[], RegExp][] = [
      ...["5", "2099-01-01", "2099-01-01T00:00:00", "2099-02-30T00:00:00Z", ""].map(
        (at): [string[], RegExp] => [["--expires-at", at], /^--expires-at must match format "date-time"/],
      ),
      [["--expires-at", "2001-01-01T00:00:00Z"], /^--expires-at must be in the future/],
      [["--name", ""], /^--name must NOT have fewer than 1 characters/],
    ];
    // Refused before the database is opened, they do not wait for one another's lock; three at a time,
    // so that a busy machine runs them no slower than it starts them.
    const runs = [
      () => createWith({ "--pin": "notapin" }, false),
      ...refusals.map(
        ([changes]) =>
          () =>
            createWith(changes),
      ),
      ...keyRefusals.map(
        ([flags]) =>
          () =>
            keyWith(...flags),
      ),
    ];
    const results: Awaited<ReturnType<typeof runCli>>[] = [];
    for (let i = 0; i < runs.length; i += 3) {
      results.push(...(await Promise.all(runs.slice(i, i + 3).map((run) => run()))));
    }
    const [forPeople, ...refused] = results;
    expect(forPeople?.code).toBe(1);
    expect(forPeople?.stdout).toBe("");
    expect(forPeople?.stderr).toMatch(/^--pin must match pattern/);
    [...refusals, ...keyRefusals].forEach(([input, message], i) => {
      const result = refused[i] as Awaited<ReturnType<typeof runCli>>;
      expect(result.code, JSON.stringify(input)).toBe(1);
      expect(result.stdout.trim().split("\n")).toHaveLength(1);
      const { error } = JSON.parse(result.stdout);
      expect(error.code).toBe("validation_failed");
      expect(error.message).toMatch(message);
    });
  });
});
