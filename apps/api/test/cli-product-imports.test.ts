import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtures } from "@bahi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { IMPORT_BATCH_SIZE } from "../src/services/imports/process.js";
import { createTestDatabase, driverUnderTest, type TestDatabase } from "./support/database.js";
import { repoRoot, runCli, runPnpmBahi } from "./support/processes.js";
import { GSTINS } from "./support/tenants.js";

let database: TestDatabase | null = null;
let env: Record<string, string>;
let accountId: string;
const files = mkdtempSync(join(tmpdir(), "bahi-import-files-"));

beforeAll(async () => {
  if (driverUnderTest === "pglite") {
    env = { BAHI_DATA_DIR: mkdtempSync(join(tmpdir(), "bahi-data-")) };
  } else {
    database = await createTestDatabase();
    env = { DATABASE_URL: database.url as string };
  }
  const created = await runCli(
    [
      "accounts",
      "create",
      "--legal-name",
      "Acme Traders",
      "--gstin",
      GSTINS.karnataka,
      "--address",
      "1 MG Road",
      "--city",
      "Bengaluru",
      "--pin",
      "560001",
      "--json",
    ],
    env,
  );
  accountId = JSON.parse(created.stdout).id;
});
afterAll(async () => {
  await database?.drop();
});

const importArgs = (file: string, ...more: string[]) => [
  "products",
  "import",
  file,
  "--account",
  accountId,
  "--mode",
  "test",
  ...more,
];

function fileWith(name: string, content: string | Uint8Array): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

describe("pnpm bahi products import", () => {
  it("imports a CSV and prints the import as one JSON object with --json", async () => {
    const result = await runCli(
      importArgs(fileWith("products.csv", fixtures.ProductImportCsv as unknown as string), "--json"),
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    const job = JSON.parse(result.stdout);
    expect(job).toMatchObject({
      object: "product_import",
      status: "completed",
      filename: "products.csv",
      rows_total: 3,
      counts: { created: 1, updated: 0, flagged: 1, rejected: 1 },
    });
    // No progress bar when the output is not a terminal.
    expect(result.stderr).toBe("");
  });

  it("reads a named worksheet of a workbook and prints a summary for people", async () => {
    const book = await writeXlsxFile([
      { sheet: "Cover", data: [[{ value: "Price list" }]] },
      {
        sheet: "Items",
        data: [
          ["SKU", "Item Name", "HSN", "GST %", "Price", "Unit"].map((value) => ({ value })),
          [
            { value: "PEN-01" },
            { value: "Pen" },
            { value: "9608" },
            { value: 18 },
            { value: 12.5 },
            { value: "NOS" },
          ],
        ],
      },
    ]).toBuffer();
    const result = await runCli(importArgs(fileWith("prices.xlsx", book), "--sheet", "Items"), env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^Import imp_\w{26} of prices\.xlsx: completed, 1 of 1 rows — 0 created, 1 updated, 0 flagged, 0 rejected\.\n/,
    );
    expect(result.stdout).toContain(
      "Columns read: SKU → sku, Item Name → name, HSN → hsn_code, GST % → gst_rate, Price → price, Unit → unit.",
    );
  });

  it("reads a relative FILE from the folder `pnpm bahi` was run in", async () => {
    // Below the repository's root, where pnpm finds the script, in a folder git ignores.
    mkdirSync(join(repoRoot, "tmp"), { recursive: true });
    const folder = mkdtempSync(join(repoRoot, "tmp", "import-"));
    try {
      writeFileSync(join(folder, "relative.csv"), fixtures.ProductImportCsv as unknown as string);
      const result = await runPnpmBahi(importArgs("relative.csv", "--json"), env, folder);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ status: "completed", filename: "relative.csv" });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("refuses what the API refuses, with its code, and a file it cannot open", async () => {
    const garbage = await runCli(
      importArgs(fileWith("garbage.csv", Uint8Array.from([0xff, 0xfe, 0x00, 0x81])), "--json"),
      env,
    );
    expect(garbage.code).toBe(1);
    expect(JSON.parse(garbage.stdout).error.code).toBe("unreadable_file");
    const missing = await runCli(importArgs(join(files, "nowhere.csv")), env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Cannot read .*nowhere\.csv/);
    const noFile = await runCli(["products", "import", "--account", accountId, "--mode", "test"], env);
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toMatch(/Name the FILE/);
  });

  it.skipIf(!existsSync("/usr/bin/script"))("draws a progress bar on a terminal", async () => {
    const lines = ["SKU,Name,Price,GST,Unit,HSN"];
    for (let i = 0; i < IMPORT_BATCH_SIZE + 10; i++) lines.push(`T-${i},Item ${i},5,18,NOS,9608`);
    const file = fileWith("many.csv", lines.join("\n"));
    const command = [process.execPath, "dist/server/cli.js", ...importArgs(file)]
      .map((a) => `'${a}'`)
      .join(" ");
    // `script` gives the CLI a pseudo-terminal, as an operator's shell would.
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn("script", ["-qec", command, "/dev/null"], {
        cwd: join(import.meta.dirname, ".."),
        env: { ...process.env, ...env },
      });
      let text = "";
      child.stdout.on("data", (d) => (text += d));
      child.on("error", reject);
      child.on("close", () => resolve(text));
    });
    expect(output).toContain(`[${".".repeat(30)}] 0/1,010 rows`);
    expect(output).toContain(`\r[${"#".repeat(30)}] 1,010/1,010 rows`);
    expect(output).toMatch(/completed, 1010 of 1010 rows — 1010 created/);
  });
});
