import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statfsSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { FREE_SPACE_CHECK_INTERVAL_MS, PGLITE_FREE_SPACE_RESERVE_BYTES } from "../src/db/pglite-disk.js";
import { rowsOf } from "../src/db/rows.js";
import { isStorageFull, STORAGE_RETRY_AFTER_S } from "../src/values/unavailable.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { penSeller } from "./support/pen-seller.js";

/**
 * PGlite's data directory on a real disk that fills: a tmpfs of TMPFS_MIB the test mounts (root
 * only). A migrated directory takes about 40 MiB of it, its first WAL segment included; each further
 * segment takes 16 MiB (PGlite checkpoints only when it closes), and the reserve
 * (PGLITE_FREE_SPACE_RESERVE_BYTES) must stay free for writes to be accepted. The fault under load is
 * `pnpm faults disk-full`.
 */
const TMPFS_MIB = 96;
const MiB = 1024 * 1024;
/** A WAL segment, PostgreSQL's default and PGlite's. */
const WAL_SEGMENT = 16 * MiB;

/** Mounts the tmpfs, or says why it cannot. */
function mountTmpfs(): { dir: string } | { skip: string } {
  if (process.getuid?.() !== 0) return { skip: "needs root to mount a tmpfs" };
  const dir = mkdtempSync(join(tmpdir(), "bahi-full-disk-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${TMPFS_MIB}m`, "tmpfs", dir], {
    encoding: "utf8",
  });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `mount -t tmpfs failed: ${(mounted.stderr || mounted.error?.message || "").trim()}` };
  }
  return { dir };
}

const mount = mountTmpfs();
const skip = "skip" in mount ? mount.skip : null;
const disk = "dir" in mount ? mount.dir : "";
const dataDir = join(disk, "pgdata");
const ballastPath = join(disk, "ballast");

const freeBytes = () => {
  const stats = statfsSync(disk);
  return stats.bavail * stats.bsize;
};

/** Fills the disk with a ballast file until `leave` bytes are free (0: until the disk refuses). */
function fill(leave: number): void {
  const fd = openSync(ballastPath, "a");
  try {
    const chunk = Buffer.alloc(MiB);
    while (freeBytes() - leave >= MiB) writeSync(fd, chunk);
    const page = Buffer.alloc(4096);
    while (freeBytes() > leave) writeSync(fd, page);
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

const freeSpace = () => rmSync(ballastPath, { force: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `attempt` until it returns something, for at most `ms`; the time it took. */
async function until<T>(attempt: () => Promise<T | null>, ms: number): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await attempt();
    if (value !== null) return { value, ms: Date.now() - started };
    if (Date.now() - started > ms) throw new Error(`nothing within ${ms} ms`);
    await sleep(100);
  }
}

const events: string[] = [];
const log = {
  info: (_: object, message: string) => events.push(message),
  warn: (_: object, message: string) => events.push(message),
  error: (_: object, message: string) => events.push(message),
};

async function openOnTmpfs(): Promise<DatabaseHandle> {
  const snapshot = inject("pgliteSnapshot");
  const handle = await openDatabase({
    driver: "pglite",
    dataDir,
    log,
    // A migrated directory from the run's snapshot on PGlite; on a PostgreSQL run, made here.
    ...(snapshot ? { snapshot: new Blob([readFileSync(snapshot)]) } : {}),
  });
  await migrate(handle);
  return handle;
}

describe.skipIf(skip !== null)(
  `PGlite on a full disk (a ${TMPFS_MIB} MiB tmpfs${skip ? `: skipped, ${skip}` : ""})`,
  () => {
    let api: TestApi;
    let seller: Awaited<ReturnType<typeof penSeller>>;
    let customer: string;
    const issued: string[] = [];

    beforeAll(async () => {
      const handle = await openOnTmpfs();
      api = await startTestApi({ database: { handle, url: null, drop: () => handle.close() } });
      seller = await penSeller(api);
      customer = await seller.party({
        name: "Meera Rao",
        address: { line1: "221 Kalidasa Road", city: "Mysuru", state_code: "29", pin: "570002" },
      });
      issued.push((await seller.issued(customer, 1)).id);
    }, 120_000);

    let apiClosed = false;
    afterAll(async () => {
      freeSpace();
      try {
        if (!apiClosed) await api?.close();
      } finally {
        if (disk) {
          spawnSync("umount", [disk]);
          rmSync(disk, { recursive: true, force: true });
        }
      }
    });

    const create = (key: string) =>
      seller.call("createInvoice", {
        body: { party_id: customer, items: [{ sku: "PEN", qty: 1, rate: 100.25 }] },
        headers: { "idempotency-key": key },
      });
    const listed = async () => {
      const list = await seller.call("listInvoices", { query: { limit: 100 } });
      expect(list.status).toBe(200);
      return list.body.data.map((i: { id: string }) => i.id).sort();
    };
    const expectStorageFull = (answer: Awaited<ReturnType<typeof create>>) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body).toMatchObject({ code: "storage_full" });
      expect(answer.headers.get("retry-after")).toBe(String(STORAGE_RETRY_AFTER_S));
      expect(answer.text).not.toMatch(/pg_wal|xlog|pglite|No space/i);
    };

    it("refuses writes below the reserve of free space, serves reads, and writes again once space is back", async () => {
      fill(PGLITE_FREE_SPACE_RESERVE_BYTES - 8 * MiB);
      // The check runs on a statement's way, at most every FREE_SPACE_CHECK_INTERVAL_MS.
      await sleep(FREE_SPACE_CHECK_INTERVAL_MS + 100);
      // Creates sent before the check answer 201, each under its own key; the refused one's key is retried.
      let tries = 0;
      const refused = await until(async () => {
        tries += 1;
        const answer = await create(`reserve-${tries}`);
        if (answer.status !== 201) return answer;
        issued.push(answer.body.id);
        return null;
      }, 10_000);
      expectStorageFull(refused.value);
      expect(await listed()).toEqual([...issued].sort());
      expect((await seller.call("retrieveInvoice", { path: { id: issued[0] as string } })).status).toBe(200);
      freeSpace();
      const created = await until(async () => {
        const answer = await create(`reserve-${tries}`);
        return answer.status === 201 ? answer : null;
      }, 10_000);
      issued.push(created.value.body.id);
      expect(await listed()).toEqual([...issued].sort());
      expect(events).not.toContain("embedded database stopped");
    }, 60_000);

    it("survives PostgreSQL's PANIC when the WAL cannot grow: writes and reads 503, then it reopens by itself", async () => {
      const db = api.database.handle.db;
      // Fill the current WAL segment almost to its end while there is room, so that the next write
      // needs a new segment: what PostgreSQL must create in a critical section.
      const walLeft = async () => {
        const [row] = rowsOf(await db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`));
        const low = Number.parseInt(String(row?.lsn).split("/")[1] as string, 16);
        return WAL_SEGMENT - (low % WAL_SEGMENT);
      };
      while ((await walLeft()) > 256 * 1024) {
        await db.execute(sql`select pg_logical_emit_message(true, 'fill', repeat('x', 200000))`);
      }
      fill(0);
      const failure = await db
        .execute(sql`select pg_logical_emit_message(true, 'fill', repeat('x', 1000000))`)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isStorageFull(failure), String(failure)).toBe(true);
      expect(events).toContain("embedded database stopped");
      // The stopped instance is never sent another statement (it would spin): everything answers at once.
      const started = Date.now();
      expectStorageFull(await create("panic-1"));
      expectStorageFull(await seller.call("listInvoices"));
      expect(Date.now() - started).toBeLessThan(5_000);
      freeSpace();
      const back = await until(async () => {
        const answer = await seller.call("listInvoices", { query: { limit: 100 } });
        return answer.status === 200 ? answer : null;
      }, 20_000);
      expect(events).toContain("embedded database reopened");
      expect(back.value.body.data.map((i: { id: string }) => i.id).sort()).toEqual([...issued].sort());
      const created = await create("panic-1");
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      issued.push(created.body.id);
    }, 120_000);

    it("refuses to start on a disk without room, with an error that says so, and starts once there is", async () => {
      await api.close();
      apiClosed = true;
      fill(0);
      const refused = await openDatabase({ driver: "pglite", dataDir }).then(
        (handle) => handle.close().then(() => null),
        (error: Error) => error,
      );
      expect(refused?.message).toMatch(/could not start: its disk has 0 MiB free, and it needs 17 MiB/);
      expect(isStorageFull(refused)).toBe(true);
      // The server itself, as `pnpm start` runs it: without a byte free, its data directory's lock
      // file is what fails first, and it says so in one line.
      const server = spawnSync(process.execPath, ["dist/server/main.js"], {
        cwd: fileURLToPath(new URL("..", import.meta.url)),
        env: { ...process.env, PORT: "0", DATABASE_URL: "", BAHI_DATA_DIR: disk },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(server.status).toBe(1);
      expect(server.stderr).toMatch(
        /^bahi could not start: no space left on the disk .*Free space on it and start again\.\n$/,
      );
      freeSpace();
      const handle = await openDatabase({ driver: "pglite", dataDir });
      try {
        const rows = rowsOf(await handle.db.execute(sql`select id from invoices order by id`));
        expect(rows.map((r) => r.id)).toEqual([...issued].sort());
      } finally {
        await handle.close();
      }
    }, 120_000);
  },
);
