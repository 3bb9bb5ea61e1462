import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Bahi process (pid ${holder.pid} on ${holder.host}, ` +
        `"${holder.command}", since ${holder.since}). PGlite allows one process per directory: stop that ` +
        "process, or set BAHI_DATA_DIR to another directory, or DATABASE_URL to use PostgreSQL.",
    );
  }
}

interface LockHolder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(path: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as LockHolder;
  } catch {
    return null;
  }
}

/**
 * Takes the embedded data directory for this process. A lock left by a dead process (or one that
 * cannot be read) is taken over; a live holder on this host makes this process fail with its name.
 */
export function lockDataDir(dataDir: string, command: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, "bahi.lock");
  const me: LockHolder = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        if (readHolder(path)?.pid === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(path);
      if (holder && holder.host === me.host && isAlive(holder.pid))
        throw new DataDirInUseError(dataDir, holder);
      if (holder && holder.host !== me.host) throw new DataDirInUseError(dataDir, holder);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock the data directory ${dataDir}`);
}
