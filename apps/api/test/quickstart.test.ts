// The docs' quick start, followed as a reader would: its shell blocks are read out of the bundled
// spec's info.description (what /docs renders), run against a server started as `npm start` starts it
// on an empty data directory, with only the substitutions the prose asks the reader to make.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./support/processes.js";

const run = promisify(execFile);
const spec = JSON.parse(
  readFileSync(new URL("../../../packages/contract/generated/openapi.json", import.meta.url), "utf8"),
) as { info: { description: string } };

const DOCS_ORIGIN = "http://127.0.0.1:8080";

function quickStartBlocks(description: string): string[] {
  const section = /^# Quick start\n([\s\S]*?)(?=^# )/m.exec(description)?.[1];
  if (!section) throw new Error("info.description has no '# Quick start' section");
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => (m[1] ?? "").trim());
}

let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterAll(() => {
  server?.child.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the quick start of the docs", () => {
  it("makes a first invoice with an IRN against a fresh server, command by command", async () => {
    const blocks = quickStartBlocks(spec.info.description);
    expect(blocks[0]).toBe("npm start");

    // `npm start` is `node scripts/run.mjs start`: an install and a build, then this entry point on ./.bahi.
    dataDir = mkdtempSync(join(tmpdir(), "bahi-quickstart-"));
    server = await startServerProcess({ BAHI_DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" });
    const printedKey = /^\s*export BAHI_API_KEY=(sk_test_\S+)$/m.exec(server.output())?.[1];
    expect(printedKey, server.output()).toBeDefined();

    const shellVars: Record<string, string> = {};
    const answers: Array<{ id?: string; object?: string } & Record<string, unknown>> = [];
    for (const block of blocks.slice(1)) {
      const assignment = /^export (\w+)=(\S+)$/.exec(block);
      if (assignment) {
        const [, name = "", placeholder = ""] = assignment;
        // The prose asks the reader to paste a value the previous step showed: the printed key, or
        // the `id` of an answer, written with the id's prefix and an ellipsis.
        expect(placeholder, block).toMatch(/^[a-z_]+_…$/);
        const prefix = placeholder.slice(0, -1);
        const value =
          prefix === "sk_test_"
            ? printedKey
            : answers.findLast((answer) => answer.id?.startsWith(prefix))?.id;
        expect(value, `nothing earlier shows a value for ${block}`).toBeDefined();
        shellVars[name] = value as string;
        continue;
      }
      expect(block, "a quick start command other than npm start, export or curl").toMatch(/^curl /);
      expect(block).toContain(DOCS_ORIGIN);
      const command = block.replaceAll(DOCS_ORIGIN, server.url);
      const { stdout } = await run("bash", ["-c", command], { env: { ...process.env, ...shellVars } });
      const answer = JSON.parse(stdout) as (typeof answers)[number];
      expect(answer, `${command}\n${stdout}`).not.toHaveProperty("code");
      answers.push(answer);
    }

    expect(answers.map((a) => a.object)).toEqual(["party", "product", "invoice"]);
    const [party, product, invoice] = answers;
    expect(party).toMatchObject({ state_code: "27", gstin: "27AAPFU0939F1ZV" });

    // What step 4 tells the reader to look for, number for number.
    expect(invoice).toMatchObject({
      party_id: party?.id,
      supply_type: "inter_state",
      place_of_supply: "27",
      taxable_value: 2299.77,
      igst: 413.96,
      cgst: 0,
      sgst: 0,
      round_off: 0.27,
      total: 2714,
    });
    expect(invoice?.number).toMatch(/^INV\/\d{2}-\d{2}\/0*1$/);
    expect(invoice?.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(invoice?.ack_no).toEqual(expect.any(String));
    expect(invoice?.signed_qr_code).toEqual(expect.any(String));

    // The GST concepts section's IRN recipe, on the reader's own invoice.
    const number = invoice?.number as string;
    const [yyyy = 0, mm = 0] = String(invoice?.date).split("-").map(Number);
    const start = mm >= 4 ? yyyy : yyyy - 1;
    const year = `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
    const recipe = createHash("sha256").update(`29AABCU9603R1ZJ${year}INV${number}`).digest("hex");
    expect(invoice?.irn).toBe(recipe);

    const stock = await fetch(`${server.url}/v1/products/${product?.id}`, {
      headers: { authorization: `Bearer ${printedKey}` },
    });
    expect(((await stock.json()) as { stock_on_hand: number }).stock_on_hand).toBe(477);
  });
});
