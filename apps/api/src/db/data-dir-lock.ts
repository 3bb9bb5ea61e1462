import { randomUUID } from "node:crypto";
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

/** How often a holder touches its lock, so that a process on another host can tell it is still there. */
export const LOCK_REFRESH_MS = 5_000;
/** A lock untouched for this long (six refreshes missed) has no holder any more, whatever it names. */
export const LOCK_STALE_MS = 30_000;
/**
 * Each failed attempt means another process created a generation meanwhile; far fewer than this
 * many processes ever start on one directory at once.
 */
const MAX_ATTEMPTS = 100;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Bahi process (${
        holder
          ? `pid ${holder.pid} on ${holder.host}, "${holder.command}", since ${holder.since}`
          : "its lock file cannot be read"
      }). PGlite allows one process per directory: stop that ` +
        "process, or set BAHI_DATA_DIR to another directory, or DATABASE_URL to use PostgreSQL. A holder " +
        `that died without releasing it is taken over once ${LOCK_STALE_MS / 1000} s have passed without it ` +
        "refreshing the lock.",
    );
  }
}

export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  since: string;
  /** The holder's boot and start time where the system tells them: a pid reused by another process has other ones. */
  started: string | null;
  /** Written over the holder's generation when it lets go, so that the generations only ever grow. */
  released?: true;
}

interface Generation {
  holder: LockHolder | null;
  mtimeMs: number;
  ino: number;
}

/** Directories this process holds: our own pid in a lock is a previous process's only when we do not. */
const held = new Map<string, LockHolder>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function startOf(pid: number): string | null {
  try {
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name in parentheses may hold spaces; the start time is the 20th field after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return `${boot}/${fields[19]}`;
  } catch {
    return null;
  }
}

/** The generations present, highest first. */
function generations(lockDir: string): number[] {
  return readdirSync(lockDir)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => b - a);
}

function readGeneration(path: string): Generation | null {
  try {
    const { mtimeMs, ino } = statSync(path);
    let holder: LockHolder | null = null;
    try {
      holder = JSON.parse(readFileSync(path, "utf8")) as LockHolder;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    }
    return { holder, mtimeMs, ino };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * A holder on this host is judged by its pid (and, on Linux, the process's start, so that a reused
 * pid is not mistaken for it, nor a stopped holder for a dead one); where that cannot tell, as for a
 * holder elsewhere or a lock that cannot be read, by how long it has gone without touching its lock.
 */
function isStale(current: Generation, me: LockHolder): boolean {
  const holder = current.holder;
  if (holder?.released) return true;
  if (holder && holder.host === me.host) {
    if (holder.pid === me.pid || !isAlive(holder.pid)) return true;
    const started = startOf(holder.pid);
    if (started !== null && typeof holder.started === "string") return started !== holder.started;
  }
  return Date.now() - current.mtimeMs > LOCK_STALE_MS;
}

/**
 * Takes the embedded data directory for this process, or fails naming the live holder.
 *
 * The lock is a series of generation files in `<dataDir>/lock`, each linked into place complete from
 * a temporary file, so that none is ever read half-written. To take over a stale generation N, a
 * process links N+1, which only one can do; files are only ever removed below the highest
 * generation, so a process that judged an old generation long ago cannot slip in under a newer
 * holder unnoticed: after linking, it checks that its generation is the highest, and backs off if not.
 */
export function lockDataDir(dataDir: string, command: string): () => void {
  const dir = resolve(dataDir);
  const mine = held.get(dir);
  if (mine) throw new DataDirInUseError(dataDir, mine);
  const lockDir = join(dir, "lock");
  mkdirSync(lockDir, { recursive: true });
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    command,
    since: new Date().toISOString(),
    started: startOf(process.pid),
  };
  const temp = join(lockDir, `.tmp-${process.pid}-${randomUUID()}`);
  writeFileSync(temp, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [top] = generations(lockDir);
      if (top !== undefined) {
        const current = readGeneration(join(lockDir, String(top)));
        if (current === null) continue;
        if (!isStale(current, me)) {
          throw new DataDirInUseError(dataDir, current.holder);
        }
      }
      const generation = (top ?? -1) + 1;
      const path = join(lockDir, String(generation));
      try {
        linkSync(temp, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
        throw error;
      }
      if (generations(lockDir)[0] !== generation) {
        rmSync(path, { force: true });
        continue;
      }
      sweep(lockDir, generation);
      held.set(dir, me);
      const release = holdUntilReleased(dir, lockDir, generation, me);
      let releaseLegacy: () => void;
      try {
        releaseLegacy = takeLegacyLock(dataDir, dir, me);
      } catch (error) {
        release();
        throw error;
      }
      return () => {
        releaseLegacy();
        release();
      };
    }
  } finally {
    rmSync(temp, { force: true });
  }
  throw new Error(`could not lock the data directory ${dataDir}: too many processes took it meanwhile`);
}

/**
 * `bahi.lock`, the lock of versions before the `lock` directory: a file created exclusively, naming
 * its holder, removed on release, never refreshed. During an upgrade an old process may still hold
 * the directory by it, and an old process started later knows no other lock; so a holder of the new
 * lock takes this one too. One naming a live process on this host is held; any other is a leftover,
 * since an old holder elsewhere cannot be told from a dead one (it never refreshes), and a restarted
 * container finds its predecessor's under another host name.
 */
function takeLegacyLock(dataDir: string, dir: string, me: LockHolder): () => void {
  const path = join(dir, "bahi.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        const holder = readGeneration(path)?.holder;
        if (holder?.pid === me.pid && holder.since === me.since) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readGeneration(path)?.holder ?? null;
      if (holder && holder.host === me.host && holder.pid !== me.pid && isAlive(holder.pid)) {
        throw new DataDirInUseError(dataDir, holder);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock the data directory ${dataDir}: its bahi.lock came back at once`);
}

/** Removes the generations below ours and temporary files left by processes that died writing them. */
function sweep(lockDir: string, generation: number): void {
  for (const name of readdirSync(lockDir)) {
    const path = join(lockDir, name);
    if (/^\d+$/.test(name)) {
      if (Number(name) < generation) rmSync(path, { force: true });
    } else if (name.startsWith(".tmp-")) {
      const found = readGeneration(path);
      if (found && Date.now() - found.mtimeMs > LOCK_STALE_MS) rmSync(path, { force: true });
    }
  }
}

function holdUntilReleased(dir: string, lockDir: string, generation: number, me: LockHolder): () => void {
  const path = join(lockDir, String(generation));
  const { ino } = statSync(path);
  const refresh = setInterval(() => {
    // Only a holder judged stale (stopped or cut off for longer than LOCK_STALE_MS) is ever taken
    // over; stopping here ends its writes before they corrupt the new holder's database.
    if (generations(lockDir)[0] !== generation)
      throw new Error(`Another process took over the data directory ${dir} while this one held it.`);
    const now = new Date();
    utimesSync(path, now, now);
  }, LOCK_REFRESH_MS);
  refresh.unref();
  return () => {
    clearInterval(refresh);
    held.delete(dir);
    if (readGeneration(path)?.ino !== ino) return;
    const released = join(lockDir, `.tmp-${process.pid}-${randomUUID()}`);
    writeFileSync(released, JSON.stringify({ ...me, released: true }));
    renameSync(released, path);
  };
}
