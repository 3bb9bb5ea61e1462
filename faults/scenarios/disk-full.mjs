// Fault 5: the disk under PGlite's data directory fills. The fault mounts a small tmpfs (root only)
// for BAHI_DATA_DIR, puts the server under load with a reader beside it, fills the disk with a
// ballast file until the disk refuses, keeps the load going, then deletes the ballast; several times.
// Expected: creates answer 201 or 503 `storage_full` with Retry-After (never 500, never a hang),
// reads keep answering while PGlite is alive, creates come back by themselves once the space does,
// the server restarts on the directory, and the books check.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkBooks } from "../lib/books.mjs";
import { createsAnswered, REQUEST_TIMEOUT_MS, startLoad } from "../lib/load.mjs";
import { sleep, tally } from "../lib/outcome.mjs";
import { freePort } from "../lib/ports.mjs";
import { createAccount, setUpBooks, startServer } from "../lib/server.mjs";

/**
 * The tmpfs: a migrated directory takes about 40 MiB, its first WAL segment included, and the load
 * adds a 16 MiB segment every few thousand creates (PGlite checkpoints only when it closes); the
 * server refuses writes while under 17 MiB are free (PGLITE_FREE_SPACE_RESERVE_BYTES).
 */
const TMPFS_MIB = 128;
/** How long the disk stays full each time, the load and the reader going on. */
const FULL_MS = 5_000;
/** How long a fill may wait for creates to come back once the ballast is gone. */
const RECOVERY_BOUND_MS = 30_000;

function mountTmpfs() {
  if (process.getuid?.() !== 0) throw new Error("needs root to mount a tmpfs");
  const dir = mkdtempSync(join(tmpdir(), "bahi-faults-disk-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${TMPFS_MIB}m`, "tmpfs", dir], {
    encoding: "utf8",
  });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mount -t tmpfs failed: ${mounted.stderr || mounted.error?.message}`);
  }
  return dir;
}

const freeMiB = (dir) => {
  const stats = statfsSync(dir);
  return (stats.bavail * stats.bsize) / 1024 / 1024;
};

/** Writes the ballast until the disk refuses (ENOSPC), a MiB at a time, then a page at a time. */
async function fillDisk(path) {
  const file = await open(path, "a");
  try {
    for (const size of [1024 * 1024, 4096]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) await file.write(chunk);
      } catch (error) {
        if (error?.code !== "ENOSPC") throw error;
      }
    }
  } finally {
    await file.close();
  }
}

/** GETs a list in a loop beside the load, recording each answer's status and time. */
function startReader(url, key) {
  const reads = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = Date.now();
      let status;
      let code = null;
      try {
        const answer = await fetch(`${url}/v1/invoices?limit=1`, {
          headers: { authorization: `Bearer ${key}` },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = answer.status;
        const body = await answer.json().catch(() => null);
        if (status !== 200) code = body?.code ?? null;
        reads.push({ at, status, code, retryAfter: answer.headers.get("retry-after"), ms: Date.now() - at });
      } catch (error) {
        status = error?.name === "TimeoutError" ? "hung" : "no answer";
        reads.push({ at, status, code, retryAfter: null, ms: Date.now() - at });
      }
      await sleep(50);
    }
  })();
  return {
    reads,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** What is wrong with one answer during the fault: only 201/200 or 503 `storage_full` with Retry-After. */
function wrong(answer, ok) {
  if (answer.status === ok) return null;
  if (answer.status === 503 && answer.code === "storage_full" && answer.retryAfter !== null) return null;
  return `${answer.status}${answer.code ? ` ${answer.code}` : ""}${answer.status === 503 && answer.retryAfter === null ? " without Retry-After" : ""}`;
}

/** `fills` times: fill the disk under load, keep it full FULL_MS, free it, wait for creates. */
export async function diskFull({ fills, log }) {
  const disk = mountTmpfs();
  const ballast = join(disk, "ballast");
  const env = { DATABASE_URL: "", BAHI_DATA_DIR: join(disk, "bahi") };
  const port = String(await freePort());
  const target = { url: `http://127.0.0.1:${port}` };
  let server = null;
  try {
    // Refusals answer at once, and the load sends its next create at once: on the free plan's
    // 1,000 a minute it would mostly count 429s.
    const account = createAccount(env, "*", "enterprise");
    server = await startServer({ ...env, PORT: port });
    const books = await setUpBooks(target.url, account);
    log(`started on a ${TMPFS_MIB} MiB tmpfs, ${freeMiB(disk).toFixed(0)} MiB free`);
    const load = startLoad({ target, books, clients: 4 });
    const reader = startReader(target.url, account.key);
    const rounds = [];
    for (let fill = 0; fill < fills; fill++) {
      await createsAnswered(load, 20);
      const filledFrom = Date.now();
      await fillDisk(ballast);
      const fullAt = Date.now();
      await sleep(FULL_MS);
      const freedAt = Date.now();
      rmSync(ballast, { force: true });
      let recoveryMs = null;
      while (recoveryMs === null && Date.now() - freedAt < RECOVERY_BOUND_MS) {
        await sleep(50);
        const back = load.answers.filter((a) => a.status === 201 && a.at >= freedAt);
        if (back.length > 0) recoveryMs = Math.min(...back.map((a) => a.at + a.ms)) - freedAt;
      }
      const during = (x) => x.at >= filledFrom && x.at < freedAt;
      const creates = load.answers.filter(during);
      const reads = reader.reads.filter(during);
      // Refused reads (PGlite stopped) of this fill, until it was back: from the fill on.
      const refusedReads = reader.reads.filter((r) => r.at >= filledFrom && r.status === 503);
      const round = {
        fillMs: fullAt - filledFrom,
        creates: tally(creates),
        reads: tally(reads),
        // Answered 200 while the disk was full: reads kept being served.
        readsServed: reads.filter((r) => r.status === 200 && r.at >= fullAt).length,
        recoveryMs,
        panicWindowMs:
          refusedReads.length > 0
            ? Math.max(...refusedReads.map((r) => r.at + r.ms)) - Math.min(...refusedReads.map((r) => r.at))
            : null,
      };
      rounds.push(round);
      log(`fill ${fill + 1}: ${JSON.stringify(round)}; ${freeMiB(disk).toFixed(0)} MiB free after`);
    }
    await createsAnswered(load, 20);
    const answers = await load.stop();
    await reader.stop();
    server.child.kill("SIGTERM");
    await server.exited;
    const logged = (msg) => server.output().split(`"msg":"${msg}"`).length - 1;
    const logs = {
      refused: logged("embedded database's disk nearly full: writes refused"),
      stopped: logged("embedded database stopped"),
      shutdown: logged("shutting down: finishing in-flight requests"),
    };
    const logMB = (server.output().length / 1e6).toFixed(0);
    const started = Date.now();
    server = await startServer({ ...env, PORT: port });
    const restartMs = Date.now() - started;
    server.child.kill("SIGTERM");
    await server.exited;
    server = null;
    const result = await checkBooks(env, books, answers);
    const problems = [...result.problems];
    for (const a of answers) {
      const w = wrong(a, 201);
      if (w && problems.length < 40) problems.push(`create answered ${w}`);
    }
    for (const r of reader.reads) {
      const w = wrong(r, 200);
      if (w && problems.length < 40) problems.push(`read answered ${w}`);
    }
    // The log must survive the flood of refusals: its last line is the shutdown's.
    if (logs.shutdown !== 1) problems.push("the server's log has no shutdown line: lines were dropped");
    for (const [i, r] of rounds.entries())
      if (r.recoveryMs === null)
        problems.push(`fill ${i + 1}: no create answered 201 within ${RECOVERY_BOUND_MS} ms`);
    const statuses = tally(answers);
    const readStatuses = tally(reader.reads);
    const slowestRead = Math.max(...reader.reads.map((r) => r.ms));
    // Reads fail only while PGlite is stopped: from its PANIC until it reopened, per fill.
    const readsRefused = reader.reads.filter((r) => r.status === 503);
    const panicWindows = rounds.map((r) => r.panicWindowMs).filter((ms) => ms !== null);
    const recoveries = rounds.map((r) => r.recoveryMs).filter((ms) => ms !== null);
    return {
      runs: fills,
      ...result,
      checked: result.checked + reader.reads.length,
      problems,
      statuses,
      slowestRecoveryMs: Math.max(...recoveries),
      slowestReopenMs: restartMs,
      note: [
        `${fills} fills of a ${TMPFS_MIB} MiB tmpfs, each full ${FULL_MS / 1000} s`,
        `${reader.reads.length} reads (${Object.entries(readStatuses)
          .map(([s, n]) => `${n}×${s}`)
          .join(
            " ",
          )}, ${rounds.reduce((n, r) => n + r.readsServed, 0)} of them 200 while the disk was full, slowest ${slowestRead} ms)`,
        `writes refused below the reserve ${logs.refused} times, ${logs.stopped} PANICs (as logged, ${logMB} MB of log)`,
        `reads refused while PGlite was stopped: ${readsRefused.length}${readsRefused.length ? `, over ${panicWindows.join(", ")} ms` : ""}`,
        `creates again ${Math.min(...recoveries)}–${Math.max(...recoveries)} ms after the space returned`,
      ].join("; "),
      ok: problems.length === 0 && statuses[500] === undefined,
    };
  } finally {
    server?.child.kill("SIGKILL");
    if (server) await server.exited;
    rmSync(ballast, { force: true });
    // Removed only once unmounted: never the files of a disk still mounted there.
    if (spawnSync("umount", [disk]).status === 0) rmSync(disk, { recursive: true, force: true });
    else log(`could not unmount ${disk}`);
  }
}
