import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import type { PGlite, Transaction as PgliteTransaction } from "@electric-sql/pglite";

// PGlite on a disk that fills. PostgreSQL refuses a write that cannot extend a file (SQLSTATE 53100)
// and goes on, but one that cannot create its next WAL segment fails inside a critical section:
// PANIC. Inside PGlite that leaves the WASM instance broken, and the next statement sent to it spins
// the main thread for ever. So: below a reserve of free space, the session is made read-only (writes
// refused by PostgreSQL itself, before any WAL); after a PANIC nothing more reaches that instance,
// and once the reserve is free again it is closed and opened anew on the same directory (WAL recovery).

/**
 * PGLITE_FREE_SPACE_RESERVE_BYTES: below this much free space under the data directory, writes are
 * refused (503 `storage_full`), and a stopped instance is reopened only once it is free again. One
 * WAL segment (16 MiB, what PostgreSQL must create whole when the current one fills, and what
 * recovery may need) plus 1 MiB for what tables grow by between two checks.
 */
export const PGLITE_FREE_SPACE_RESERVE_BYTES = 17 * 1024 * 1024;

/**
 * FREE_SPACE_CHECK_INTERVAL_MS: free space is read (statfs of the data directory) at most this
 * often, on the way of a statement, off its path: a disk filled faster than this by someone else can
 * still bring a write to the PANIC above, which the instance survives by a reopen.
 */
export const FREE_SPACE_CHECK_INTERVAL_MS = 1_000;

/** What the operator is told: pino's logger fits. */
export interface DiskLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** An error coded as the drivers' are (SQLSTATE in `code`), so that the server answers it 503. */
export class EmbeddedDatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "EmbeddedDatabaseError";
  }
}

/** SQLSTATE disk_full: `isStorageFull` answers it 503 `storage_full`. */
const DISK_FULL = "53100";
/** SQLSTATE cannot_connect_now (the database starting up): answered 503 `database_unavailable`. */
const STARTING_UP = "57P03";
/** SQLSTATE read_only_sql_transaction: a write refused while the session is read-only. */
const READ_ONLY = "25006";

const MiB = (bytes: number) => Math.floor(bytes / 1024 / 1024);

/** Free bytes on the disk of `path`, or of its nearest existing parent (a directory not made yet). */
async function freeBytes(path: string): Promise<number> {
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      const stats = await statfs(dir);
      return stats.bavail * stats.bsize;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "ENOENT" || dirname(dir) === dir) throw error;
    }
  }
}

/** Whether an error leaves PGlite's instance unusable: PostgreSQL stopped (PANIC, FATAL) or WASM trapped. */
function stopsTheInstance(error: unknown): boolean {
  const severity = (error as { severity?: unknown })?.severity;
  const name = (error as { name?: unknown })?.name;
  return (
    severity === "PANIC" ||
    severity === "FATAL" ||
    name === "RuntimeError" || // WebAssembly trapped
    name === "ExitStatus"
  );
}

/**
 * Opens PGlite on `dataDir`; with too little room, fails with an error that says so, where PGlite
 * says only that it "failed to initialize properly".
 */
export async function openOnDisk(dataDir: string, open: () => Promise<PGlite>): Promise<PGlite> {
  try {
    return await open();
  } catch (error) {
    const free = await freeBytes(dataDir).catch(() => null);
    if (free !== null && free < PGLITE_FREE_SPACE_RESERVE_BYTES) {
      throw new EmbeddedDatabaseError(
        `The embedded database in ${dataDir} could not start: its disk has ${MiB(free)} MiB free, and it needs ${MiB(PGLITE_FREE_SPACE_RESERVE_BYTES)} MiB (PGLITE_FREE_SPACE_RESERVE_BYTES) to recover and write. Free space on that disk and start again.`,
        DISK_FULL,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * The PGlite instance of a data directory on disk, kept usable through a full disk. `client` is what
 * drizzle is given: its statements go to the instance of the moment.
 */
export class PgliteOnDisk {
  #instance: PGlite;
  /** Why the instance stopped, while it waits to be reopened. */
  #stopped: EmbeddedDatabaseError | null = null;
  #readOnly = false;
  #nextCheck = 0;
  #checking = false;
  #reopening: Promise<void> | null = null;
  #closed = false;

  constructor(
    instance: PGlite,
    private readonly dataDir: string,
    private readonly open: () => Promise<PGlite>,
    private readonly log?: DiskLog,
  ) {
    this.#instance = this.#watched(instance);
  }

  /** The instance of the moment (a reopen replaces it). */
  get instance(): PGlite {
    return this.#instance;
  }

  /** What drizzle calls (`query`, `transaction`; `exec` for completeness), on the instance of the moment. */
  readonly client = {
    query: (...args: Parameters<PGlite["query"]>) => this.#run((pg) => pg.query(...args)),
    exec: (...args: Parameters<PGlite["exec"]>) => this.#run((pg) => pg.exec(...args)),
    transaction: <T>(work: (tx: PgliteTransaction) => Promise<T>) =>
      this.#run((pg) =>
        pg.transaction((tx) =>
          work({
            ...tx,
            query: <R>(...args: Parameters<PgliteTransaction["query"]>) =>
              tx.query<R>(...args).catch((e) => this.#translated(e)),
            exec: (...args: Parameters<PgliteTransaction["exec"]>) =>
              tx.exec(...args).catch((e) => this.#translated(e)),
            rollback: () => tx.rollback(),
            listen: (...args: Parameters<PgliteTransaction["listen"]>) => tx.listen(...args),
            get closed() {
              return tx.closed;
            },
          }),
        ),
      ),
  } as unknown as PGlite;

  async close(): Promise<void> {
    this.#closed = true;
    await this.#reopening?.catch(() => {});
    // close() sends nothing that runs in PostgreSQL, so it is safe on a stopped instance too; one
    // whose reopen failed is closed already.
    if (!this.#instance.closed) await this.#instance.close();
  }

  async #run<T>(work: (pg: PGlite) => Promise<T>): Promise<T> {
    if (this.#stopped) await this.#reopenIfRoom();
    this.#checkSoon();
    try {
      return await work(this.#instance);
    } catch (error) {
      return this.#translated(error);
    }
  }

  /** A write refused while read-only is a full disk to the caller. */
  #translated(error: unknown): never {
    if (this.#readOnly && (error as { code?: unknown })?.code === READ_ONLY) {
      throw new EmbeddedDatabaseError(
        `Writes are refused: under ${MiB(PGLITE_FREE_SPACE_RESERVE_BYTES)} MiB free for the embedded database.`,
        DISK_FULL,
        { cause: error },
      );
    }
    throw error;
  }

  /**
   * Every protocol message of an instance goes through its `execProtocolStream`: once PostgreSQL
   * stopped, none reaches it any more (the next one would spin), PGlite's own ROLLBACK included.
   */
  #watched(pg: PGlite): PGlite {
    const send = pg.execProtocolStream.bind(pg);
    // Kept by the instance itself: a statement queued on it before a reopen still finds it stopped.
    let stopped: EmbeddedDatabaseError | null = null;
    pg.execProtocolStream = async (...args) => {
      if (stopped) throw stopped;
      try {
        return await send(...args);
      } catch (error) {
        if (!stopped && stopsTheInstance(error)) {
          stopped = this.#stop(error);
          if (this.#instance === pg) this.#stopped = stopped;
        }
        throw error;
      }
    };
    return pg;
  }

  /** Why an instance stopped, as its callers are told; logged once. */
  #stop(error: unknown): EmbeddedDatabaseError {
    const diskFull =
      (error as { code?: unknown })?.code === DISK_FULL || /No space left/i.test(String(error));
    this.#nextCheck = 0;
    this.log?.error({ err: error, data_dir: this.dataDir }, "embedded database stopped");
    return new EmbeddedDatabaseError(
      diskFull
        ? `The embedded database stopped on a full disk; it reopens once ${MiB(PGLITE_FREE_SPACE_RESERVE_BYTES)} MiB are free.`
        : "The embedded database stopped; it is being reopened.",
      diskFull ? DISK_FULL : STARTING_UP,
      { cause: error },
    );
  }

  /** Reopens a stopped instance once there is room, or throws why it is stopped. */
  async #reopenIfRoom(): Promise<void> {
    if (!this.#reopening && !this.#closed && Date.now() >= this.#nextCheck) {
      this.#nextCheck = Date.now() + FREE_SPACE_CHECK_INTERVAL_MS;
      this.#reopening = this.#reopen().finally(() => {
        this.#reopening = null;
      });
    }
    await this.#reopening;
    if (this.#stopped) throw this.#stopped;
  }

  async #reopen(): Promise<void> {
    const free = await freeBytes(this.dataDir).catch(() => 0);
    if (free < PGLITE_FREE_SPACE_RESERVE_BYTES) return;
    const started = Date.now();
    if (!this.#instance.closed) await this.#instance.close().catch(() => {});
    try {
      const pg = this.#watched(await this.open());
      this.#instance = pg;
      this.#stopped = null;
      this.#readOnly = false;
      this.log?.info(
        { data_dir: this.dataDir, free_mib: MiB(free), reopen_ms: Date.now() - started },
        "embedded database reopened",
      );
    } catch (error) {
      this.log?.error({ err: error, data_dir: this.dataDir }, "embedded database could not reopen");
    }
  }

  /** Starts a check of free space if the last one is old enough; the statement does not wait for it. */
  #checkSoon(): void {
    if (this.#checking || this.#stopped || Date.now() < this.#nextCheck) return;
    this.#nextCheck = Date.now() + FREE_SPACE_CHECK_INTERVAL_MS;
    this.#checking = true;
    void this.#check().finally(() => {
      this.#checking = false;
    });
  }

  async #check(): Promise<void> {
    const instance = this.#instance;
    try {
      const free = await freeBytes(this.dataDir);
      const low = free < PGLITE_FREE_SPACE_RESERVE_BYTES;
      if (low === this.#readOnly || this.#stopped || instance !== this.#instance) return;
      // Queued behind the transaction in flight, if any; the next ones start in the new mode. The
      // flag is up before the first write can be refused, and down only once none can be.
      if (low) this.#readOnly = true;
      try {
        await instance.query(`set default_transaction_read_only = ${low ? "on" : "off"}`);
      } catch (error) {
        if (low) this.#readOnly = false;
        throw error;
      }
      if (!low) this.#readOnly = false;
      const fields = { data_dir: this.dataDir, free_mib: MiB(free) };
      if (low) this.log?.warn(fields, "embedded database's disk nearly full: writes refused");
      else this.log?.info(fields, "embedded database's disk has room again: writes accepted");
    } catch {
      // A failed check changes nothing; the next statement tries again.
    }
  }
}
