import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { fixtures } from "@bahi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const pkg = fileURLToPath(new URL("../../packages/sdk/", import.meta.url));
const bin = (name: string) => join(pkg, "node_modules/.bin", name);

/** What a consumer script does with the installed package, the same in ESM and CommonJS. */
const script = (importLine: string) => `${importLine}
const { createHmac } = require_("node:crypto");
async function main() {
  const secret = ${JSON.stringify(fixtures.WebhookWithSecret.secret)};
  const body = ${JSON.stringify(JSON.stringify(fixtures.Event))};
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const mac = createHmac("sha256", key).update(\`${fixtures.Event.id}.\${timestamp}.\${body}\`).digest("base64");
  const headers = { "webhook-id": "${fixtures.Event.id}", "webhook-timestamp": timestamp, "webhook-signature": "v1," + mac };
  const event = await Bahi.webhooks.verify(body, headers, secret);
  let forged = "accepted";
  try { await Bahi.webhooks.verify(body.replace("Sharma", "Sherma"), headers, secret); }
  catch (e) { if (e instanceof WebhookVerificationError) forged = "refused"; }
  const bahi = new Bahi({ apiKey: "sk_test_packaged", baseUrl: process.env.BAHI_URL });
  const account = await bahi.account.retrieve();
  let missing = "none";
  try { await bahi.apiKeys.revoke("key_missing"); } catch (e) { if (e instanceof NotFoundError) missing = e.code; }
  console.log(JSON.stringify({ event: event.id, forged, account: account.id, missing }));
}
main();
`;

const consumerTypes = `import { Bahi, BahiError, type Schema } from "@bahi/sdk";
const bahi = new Bahi({ apiKey: "sk_test_x" });
export async function total(): Promise<number> {
  const invoice: Schema<"Invoice"> = await bahi.invoices.retrieve("inv_1");
  for await (const key of bahi.apiKeys.list({ limit: 10 })) key.prefix.toUpperCase();
  return invoice.total;
}
export const isBahiError = (e: unknown): e is BahiError => e instanceof BahiError;
`;

describe("the packed package, installed with npm in an empty folder outside the workspace", () => {
  let dir: string;
  let server: Server;
  let url: string;
  let packed: { filename: string; size: number; unpackedSize: number; files: { path: string }[] };

  beforeAll(async () => {
    if (!existsSync(join(pkg, "dist/index.js")))
      throw new Error(
        "dist/ is missing: build first (pnpm --filter @bahi/sdk build; turbo does it for test)",
      );
    dir = mkdtempSync(join(tmpdir(), "bahi-sdk-pack-"));
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", dir], { cwd: pkg });
    packed = JSON.parse(stdout)[0];
    const consumer = join(dir, "consumer");
    mkdirSync(consumer);
    writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true }));
    await run("npm", ["install", "--no-audit", "--no-fund", join(dir, packed.filename)], { cwd: consumer });

    server = createServer((req, res) => {
      const authorised = req.headers.authorization === "Bearer sk_test_packaged";
      if (authorised && req.method === "GET" && req.url === "/v1/account") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(fixtures.Account));
        return;
      }
      const problem = {
        type: "urn:bahi:problem:not_found",
        title: "Not found",
        status: 404,
        code: "not_found",
        request_id: "req_1",
      };
      res.writeHead(404, { "content-type": "application/problem+json" }).end(JSON.stringify(problem));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // The size grows with the contract (the types of every operation, GraphQL's typed documents); the
  // bound catches a build that starts bundling its dependencies or source maps.
  it("holds the build, its licence and nothing else, under 250 kB packed", () => {
    expect(packed.files.map((f) => f.path).sort()).toEqual([
      "LICENSE",
      "README.md",
      "dist/index.cjs",
      "dist/index.d.cts",
      "dist/index.d.ts",
      "dist/index.js",
      "package.json",
    ]);
    expect(packed.size).toBeLessThan(250_000);
  });

  it("passes publint (strict) and Are the Types Wrong (every resolution mode)", async () => {
    const publint = await run(bin("publint"), ["--strict"], { cwd: pkg });
    expect(publint.stdout).toContain("All good!");
    const attw = await run(bin("attw"), [join(dir, packed.filename)], { cwd: pkg });
    expect(attw.stdout).toContain("No problems found");
  });

  it.each([
    [
      "ESM",
      "check.mjs",
      'import { Bahi, NotFoundError, WebhookVerificationError } from "@bahi/sdk";\nimport { createRequire } from "node:module";\nconst require_ = createRequire(import.meta.url);',
    ],
    [
      "CommonJS",
      "check.cjs",
      'const { Bahi, NotFoundError, WebhookVerificationError } = require("@bahi/sdk");\nconst require_ = require;',
    ],
  ])("runs from %s: verifies a webhook and calls the API", async (_, file, importLine) => {
    const consumer = join(dir, "consumer");
    writeFileSync(join(consumer, file), script(importLine));
    const { stdout } = await run(process.execPath, [file], {
      cwd: consumer,
      env: { ...process.env, BAHI_URL: url },
    });
    expect(JSON.parse(stdout)).toEqual({
      event: fixtures.Event.id,
      forged: "refused",
      account: fixtures.Account.id,
      missing: "not_found",
    });
  });

  it.each([
    ["module", "index.ts"],
    ["commonjs", "index.cts"],
  ])("type-checks for a strict TypeScript consumer (%s)", async (type, file) => {
    const consumer = join(dir, `types-${type}`);
    mkdirSync(consumer);
    writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type }));
    writeFileSync(join(consumer, file), consumerTypes);
    const compilerOptions = {
      strict: true,
      noEmit: true,
      module: "nodenext",
      lib: ["es2022", "dom"],
      types: [],
    };
    writeFileSync(join(consumer, "tsconfig.json"), JSON.stringify({ compilerOptions, files: [file] }));
    // The installed package, resolved as any dependency: through the consumer folder's node_modules.
    await run("ln", ["-s", join(dir, "consumer/node_modules"), join(consumer, "node_modules")]);
    await expect(run(bin("tsc"), ["-p", "."], { cwd: consumer })).resolves.toBeDefined();
  });
});
