import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { components } from "@bahi/contract";
import { callerPath } from "../config.js";
import type { Database } from "../db/client.js";
import { MAX_IMPORT_BYTES } from "../http/body.js";
import { createProductImport, findProductImport } from "../services/imports/imports.js";
import { importNextBatch } from "../services/imports/process.js";
import { XLSX_MEDIA_TYPE } from "../services/imports/read-file.js";
import type { Owner } from "../services/shared/owner.js";
import { ApiError } from "../values/problem.js";
import type { CommandOutput } from "./commands.js";

type ProductImport = components["schemas"]["ProductImport"];

const BAR_WIDTH = 30;
/** How long to wait for a batch that a worker elsewhere (on PostgreSQL) has claimed. */
const CLAIMED_ELSEWHERE_POLL_MS = 200;
/** How many problems the text summary prints; --json and errors.csv have them all. */
const PROBLEMS_SHOWN = 10;

function drawProgress(done: number, total: number): void {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  process.stderr.write(
    `\r[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${done.toLocaleString("en-IN")}/${total.toLocaleString("en-IN")} rows`,
  );
}

function summary(job: ProductImport): string {
  const { counts } = job;
  const lines = [
    `Import ${job.id} of ${job.filename}: ${job.status}, ${job.rows_done} of ${job.rows_total} rows — ` +
      `${counts.created} created, ${counts.updated} updated, ${counts.flagged} flagged, ${counts.rejected} rejected.`,
    `Columns read: ${job.columns.understood.map((c) => `${c.header} → ${c.field}`).join(", ")}.`,
  ];
  if (job.columns.ignored.length > 0) lines.push(`Columns ignored: ${job.columns.ignored.join(", ")}.`);
  const problems = job.rows.filter((r) => r.outcome === "flagged" || r.outcome === "rejected");
  for (const row of problems.slice(0, PROBLEMS_SHOWN)) {
    lines.push(
      `  row ${row.row} ${row.sku ?? "(no SKU)"}: ${row.outcome}, ${row.column ?? "row"}: ${row.reason}`,
    );
  }
  if (counts.flagged + counts.rejected > PROBLEMS_SHOWN) {
    lines.push(`  … every problem: GET /v1/products/imports/${job.id}/errors.csv`);
  }
  if (job.failure_reason) lines.push(job.failure_reason);
  return lines.join("\n");
}

/**
 * `pnpm bahi products import FILE`: reads the file (a relative FILE from the folder the command was run
 * in) under the API's limits and rules, then imports it
 * batch by batch in this process, as a worker would, drawing progress on a terminal.
 */
export async function importProducts(
  db: Database,
  owner: Owner,
  file: string,
  options: { sheet: string | null; progress: boolean },
): Promise<CommandOutput> {
  const path = callerPath(file);
  let bytes: Buffer;
  try {
    if ((await stat(path)).size > MAX_IMPORT_BYTES) {
      throw new ApiError(413, "payload_too_large", `${path} is larger than ${MAX_IMPORT_BYTES} bytes.`);
    }
    bytes = await readFile(path);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, "usage", `Cannot read ${path}: ${(error as Error).message}`);
  }
  const filename = basename(path);
  const mediaType = filename.toLowerCase().endsWith(".xlsx") ? XLSX_MEDIA_TYPE : "text/csv";
  const job = await db.transaction((tx) =>
    createProductImport(tx, owner, { bytes, mediaType, filename }, options.sheet),
  );
  const only = { ...owner, id: job.id };
  if (options.progress) drawProgress(0, job.rows_total);
  for (;;) {
    const batch = await importNextBatch(db, () => new Date(), only);
    if (batch && options.progress) drawProgress(batch.rowsDone, batch.rowsTotal);
    if (batch?.finished) break;
    if (!batch) {
      const current = await findProductImport(db, owner, job.id);
      if (current.status === "completed" || current.status === "failed") break;
      await sleep(CLAIMED_ELSEWHERE_POLL_MS);
    }
  }
  if (options.progress) process.stderr.write("\n");
  const done = await findProductImport(db, owner, job.id);
  if (done.status === "failed") throw new ApiError(500, "import_failed", summary(done));
  return { text: summary(done), json: done };
}
