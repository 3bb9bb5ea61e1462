// A newcomer's path, as /docs tells it: start the server as `npm start` does (embedded database, demo
// account, printed test key), pack the SDK with `npm run sdk:pack`, install the tarball in an empty
// project with npm, and run the quick start's TypeScript program copied from the docs, unchanged.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnServer, startOwnServer } from "./support/bahi-server.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** The port the docs' program listens on for its webhook. */
const RECEIVER_PORT = 4242;

/** The quick start's program: the fenced ```js block of the docs' "With the TypeScript SDK". */
function docsProgram(): string {
  const description = openapi.info.description;
  const section = description.slice(description.indexOf("## With the TypeScript SDK"));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error("the docs' quick start has no program");
  return match[1];
}

describe("a newcomer's first fifteen minutes, from the docs alone", () => {
  let scratch: string;
  let server: OwnServer | undefined;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "bahi-newcomer-"));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("packs the SDK, installs it with npm, and runs the docs' program against npm start's server", async () => {
    // The server was built by the global setup; the SDK's dist/ is what the pack takes.
    execFileSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@bahi/sdk"], {
      cwd: root,
      stdio: "ignore",
    });
    const packed = execFileSync(process.execPath, [join(root, "scripts/sdk-pack.mjs")], { encoding: "utf8" });
    const install = /^\s+(npm install \S+\.tgz)$/m.exec(packed)?.[1];
    expect(install, packed).toBeDefined();

    const project = join(scratch, "project");
    execFileSync("mkdir", ["-p", project]);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "my-shop", private: true }));
    execFileSync("sh", ["-c", `${install} --no-audit --no-fund --loglevel=error`], { cwd: project });
    writeFileSync(join(project, "quickstart.mjs"), docsProgram());

    server = await startOwnServer();
    const env = { ...process.env, BAHI_API_KEY: server.testKey, BAHI_BASE_URL: server.url };
    const output = execFileSync(process.execPath, ["quickstart.mjs"], {
      cwd: project,
      encoding: "utf8",
      timeout: 120_000,
      env,
    });
    const lines = output.trim().split("\n");
    expect(lines[0]).toMatch(/^invoice INV\/\d\d-\d\d\/000001 2714 [0-9a-f]{64}$/);
    expect(lines.filter((line) => line.startsWith("listed "))).toEqual([
      expect.stringMatching(/^listed INV\/\d\d-\d\d\/000001 issued 2714$/),
    ]);
    expect(lines.at(-1)).toMatch(/^webhook verified: invoice\.created INV\/\d\d-\d\d\/000001$/);

    // Run again, as a newcomer would: the keyed creates replay, and a second invoice is listed too.
    const again = execFileSync(process.execPath, ["quickstart.mjs"], {
      cwd: project,
      encoding: "utf8",
      timeout: 120_000,
      env,
    });
    expect(again.split("\n").filter((line) => line.startsWith("listed "))).toHaveLength(2);
    expect(RECEIVER_PORT).toBe(4242);
  });
});
