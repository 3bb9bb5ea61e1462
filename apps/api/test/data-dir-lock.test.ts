import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { DataDirInUseError, LOCK_REFRESH_MS, LOCK_STALE_MS, lockDataDir } from "../src/db/data-dir-lock.js";

const DEAD_PID = 2_147_483_646;

/** Writes generation 0 of a data directory's lock as another process would have, `age` ms ago. */
function lockedBy(holder: Record<string, unknown>, age = 0): string {
  const dir = mkdtempSync(join(tmpdir(), "bahi-lock-"));
  mkdirSync(join(dir, "lock"));
  const path = join(dir, "lock", "0");
  writeFileSync(
    path,
    JSON.stringify({
      command: "bahi api server",
      since: "2026-11-22T00:00:00.000Z",
      started: null,
      ...holder,
    }),
  );
  const then = new Date(Date.now() - age);
  utimesSync(path, then, then);
  return dir;
}

/** The holder the lock names now: the highest generation's. */
function currentHolder(dir: string): { pid: number; released?: boolean } {
  const [top] = readdirSync(join(dir, "lock"))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => b - a);
  return JSON.parse(readFileSync(join(dir, "lock", String(top)), "utf8"));
}

function refusal(dir: string): Error {
  try {
    lockDataDir(dir, "bahi migrate");
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirInUseError);
    return error as Error;
  }
  throw new Error("the lock was taken");
}

afterEach(() => {
  vi.useRealTimers();
});

describe("one process per embedded data directory", () => {
  it("refuses a live holder on this host, naming it", () => {
    const error = refusal(lockedBy({ pid: process.ppid, host: hostname() }));
    expect(error.message).toContain(`pid ${process.ppid}`);
    expect(error.message).toContain('"bahi api server"');
    expect(error.message).toContain(`${LOCK_STALE_MS / 1000} s`);
  });

  it("refuses a second lock in the same process, which holds the directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "bahi-lock-"));
    const release = lockDataDir(dir, "bahi api server");
    expect(refusal(dir).message).toContain(`pid ${process.pid}`);
    release();
  });

  it("takes over a lock left by a dead process, and releases it for the next", () => {
    const dir = lockedBy({ pid: DEAD_PID, host: hostname() });
    const release = lockDataDir(dir, "bahi test");
    expect(currentHolder(dir).pid).toBe(process.pid);
    release();
    expect(currentHolder(dir).released).toBe(true);
    lockDataDir(dir, "bahi test")();
    expect(readdirSync(join(dir, "lock"))).toEqual(["2"]);
  });

  it("honours the bahi.lock of a version before the lock directory, and holds one for such versions", () => {
    const dir = mkdtempSync(join(tmpdir(), "bahi-lock-"));
    const legacy = join(dir, "bahi.lock");
    const old = {
      pid: process.ppid,
      host: hostname(),
      command: "bahi api server",
      since: "2026-11-20T00:00:00.000Z",
    };
    writeFileSync(legacy, JSON.stringify(old));
    expect(refusal(dir).message).toContain(`pid ${process.ppid}`);
    // The refusal let go of the new lock it had taken: once the old holder is gone, the next one may.
    writeFileSync(legacy, JSON.stringify({ ...old, pid: DEAD_PID }));
    const release = lockDataDir(dir, "bahi test");
    // An old version starting now finds a live holder on this host in the only lock it knows.
    expect(JSON.parse(readFileSync(legacy, "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(legacy)).toBe(false);
    lockDataDir(dir, "bahi test")();
  });

  it("takes over a lock naming its own pid, as a restarted container finds", () => {
    const dir = lockedBy({ pid: process.pid, host: hostname() });
    const release = lockDataDir(dir, "bahi api server");
    expect(currentHolder(dir).pid).toBe(process.pid);
    release();
  });

  it.runIf(existsSync("/proc/self/stat"))(
    "takes over a lock whose pid now belongs to another process, on Linux",
    () => {
      const dir = lockedBy({ pid: process.ppid, host: hostname(), started: "another-boot/1" });
      lockDataDir(dir, "bahi test")();
    },
  );

  it("judges a holder on another host by its refreshes: taken over only once stale", () => {
    expect(refusal(lockedBy({ pid: process.ppid, host: "pod-a" }, LOCK_STALE_MS / 2)).message).toContain(
      "on pod-a",
    );
    lockDataDir(lockedBy({ pid: process.ppid, host: "pod-a" }, LOCK_STALE_MS + 1_000), "bahi test")();
  });

  it("takes over a lock it cannot read once it is stale, and not before", () => {
    const dir = lockedBy({});
    writeFileSync(join(dir, "lock", "0"), "");
    expect(refusal(dir).message).toContain("cannot be read");
    const then = new Date(Date.now() - LOCK_STALE_MS - 1_000);
    utimesSync(join(dir, "lock", "0"), then, then);
    lockDataDir(dir, "bahi test")();
  });

  it("keeps its lock fresh while it holds it", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const dir = mkdtempSync(join(tmpdir(), "bahi-lock-"));
    const release = lockDataDir(dir, "bahi api server");
    const path = join(dir, "lock", "0");
    const old = new Date(Date.now() - LOCK_STALE_MS * 2);
    utimesSync(path, old, old);
    vi.advanceTimersByTime(LOCK_REFRESH_MS);
    expect(Date.now() - statSync(path).mtimeMs).toBeLessThan(LOCK_REFRESH_MS);
    release();
  });
});

describe("racing for a stale lock", () => {
  const RACERS = 12;
  const ROUNDS = 10;
  const racers: ChildProcess[] = [];
  afterAll(() => {
    for (const racer of racers) racer.kill("SIGKILL");
  });

  it(`gives it to exactly one of ${RACERS} processes, ${ROUNDS} times over`, async () => {
    const apiRoot = fileURLToPath(new URL("..", import.meta.url));
    const answers = Array.from({ length: RACERS }, () => {
      const racer = spawn(process.execPath, ["--import", "tsx", "test/support/lock-racer.ts"], {
        cwd: apiRoot,
        stdio: ["pipe", "pipe", "inherit"],
      });
      racers.push(racer);
      return createInterface({ input: racer.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
    });
    for (const answer of answers) expect((await answer.next()).value).toBe("ready");
    for (let round = 0; round < ROUNDS; round++) {
      // Half the rounds race for a dead process's lock, half for a stale one from another host.
      const dir =
        round % 2 === 0
          ? lockedBy({ pid: DEAD_PID, host: hostname() })
          : lockedBy({ pid: process.pid, host: "recreated-pod" }, LOCK_STALE_MS + 1_000);
      const startAt = Date.now() + 100;
      for (const racer of racers) racer.stdin?.write(`${dir} ${startAt}\n`);
      const outcomes = await Promise.all(answers.map(async (answer) => (await answer.next()).value));
      expect(
        outcomes.filter((o) => o === "held"),
        `round ${round}: ${outcomes}`,
      ).toHaveLength(1);
      expect(outcomes.filter((o) => o === "busy")).toHaveLength(RACERS - 1);
    }
  });
});
