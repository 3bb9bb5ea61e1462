// GraphiQL as a developer gets it: a real Chromium opens GET /graphql on a real API server, runs a
// query and reads the answer, with every asset served by the API itself (nothing from a CDN).
// Debian's chromium through playwright-core, as the /docs test; skipped outside CI without it.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
const apiRoot = fileURLToPath(new URL("../../apps/api/", import.meta.url));

if (!available && !process.env.CI) {
  console.warn(
    `Skipping the browser test of GraphiQL: no Chromium at ${CHROMIUM} (see docs-browser.test.ts).`,
  );
}

/** The API server from its sources on a fresh data directory: its URL and the demo account's key. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; key: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: apiRoot,
      env: {
        ...process.env,
        PORT: "0",
        LOG_LEVEL: "info",
        BAHI_DATA_DIR: dataDir,
        DATABASE_URL: "",
        REDIS_URL: "",
      },
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.includes('"msg":"listening"'));
      const key = /export BAHI_API_KEY=(sk_test_\w+)/.exec(out)?.[1];
      if (line && key) resolve({ child, url: JSON.parse(line).url, key });
    });
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("close", (code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
}

describe.skipIf(!available && !process.env.CI)("GraphiQL in Chromium", () => {
  let dataDir: string;
  let server: { child: ChildProcess; url: string; key: string };
  let browser: Browser;
  const requests: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "bahi-graphiql-"));
    server = await startServer(dataDir);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    });
  });

  afterAll(async () => {
    await browser?.close();
    server?.child.kill("SIGKILL");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs a query and shows the answer, loading nothing from outside", async () => {
    // The key a developer types into GraphiQL's headers, sent with the page's requests.
    const context = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${server.key}` } });
    await context.route("**/*", (route) => {
      const url = route.request().url();
      requests.push(url);
      return new URL(url).hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient");
    });
    const page = await context.newPage();
    const query = "{ account { legalName plan } }";
    await page.goto(`${server.url}/graphql?query=${encodeURIComponent(query)}`, { waitUntil: "load" });
    await page.locator(".graphiql-execute-button").first().click({ timeout: 30_000 });
    const response = page.locator(".graphiql-response").first();
    let answer = "";
    for (let waited = 0; waited < 30 && !answer.includes("Demo Traders Private Limited"); waited++) {
      await page.waitForTimeout(1_000);
      // CodeMirror lays the answer out with non-breaking spaces.
      answer = ((await response.textContent()) ?? "").replace(/\s+/g, " ");
    }
    expect(answer).toContain("Demo Traders Private Limited");
    expect(answer).toContain('"requestedQueryCost"');
    const outside = requests.filter((url) => {
      const { protocol, hostname } = new URL(url);
      return !(protocol === "data:" || protocol === "blob:" || hostname === "127.0.0.1");
    });
    expect(outside).toEqual([]);
    await context.close();
  });
});
