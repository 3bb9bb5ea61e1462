import type { Logger } from "pino";
import type { Database } from "../../db/client.js";
import { importNextBatch } from "./process.js";

/** How long an idle worker waits before looking for queued imports again. */
export const IMPORT_IDLE_POLL_MS = 200;

/**
 * Works through queued product imports batch by batch: in the API process (BAHI_WORKER=on) or in
 * `pnpm bahi worker`, on as many nodes as run. Each batch claims its import afresh (see
 * importNextBatch), so a restarted or second worker simply goes on where the last batch committed.
 */
export class ImportWorker {
  readonly #db: Database;
  readonly #logger: Logger;
  readonly #now: () => Date;
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;

  constructor(db: Database, logger: Logger, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#logger = logger;
    this.#now = now;
  }

  /** Imports batches until none is left to claim; answers how many it did. */
  async drain(): Promise<number> {
    let batches = 0;
    while (await importNextBatch(this.#db, this.#now)) batches++;
    return batches;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let done = null;
      try {
        done = await importNextBatch(this.#db, this.#now);
      } catch (error) {
        this.#logger.error({ err: error }, "product import batch failed");
      }
      if (done?.finished)
        this.#logger.info({ import_id: done.importId, rows: done.rowsTotal }, "product import completed");
      if (!done && this.#running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => this.#wake?.(), IMPORT_IDLE_POLL_MS);
          this.#wake = () => {
            clearTimeout(timer);
            this.#wake = null;
            resolve();
          };
        });
      }
    }
  }

  /** Lets the batch in flight commit. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
  }
}
