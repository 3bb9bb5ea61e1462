import { join } from "node:path";
import type { Config } from "./config.js";
import { type DatabaseHandle, openDatabase } from "./db/client.js";
import { lockDataDir } from "./db/data-dir-lock.js";
import { appliedMigrationCount, migrate, migrationCount } from "./db/migrate.js";
import type { DiskLog } from "./db/pglite-disk.js";

export interface Runtime {
  readonly handle: DatabaseHandle;
  /** Whether the database answers and has every migration applied. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Opens the configured database for this process: PostgreSQL through a pool, or the embedded PGlite
 * directory, which only one process may hold at a time. Applies pending migrations unless told not to.
 */
export async function openRuntime(
  config: Config,
  command: string,
  { migrate: migrates = true, log }: { migrate?: boolean; log?: DiskLog } = {},
): Promise<Runtime> {
  let unlock = () => {};
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = await openDatabase({ driver: "postgres", url: config.databaseUrl, poolSize: config.poolSize });
  } else {
    unlock = lockDataDir(config.dataDir, command);
    try {
      handle = await openDatabase({
        driver: "pglite",
        dataDir: join(config.dataDir, "pgdata"),
        ...(log ? { log } : {}),
      });
    } catch (error) {
      unlock();
      throw error;
    }
  }
  try {
    if (migrates) await migrate(handle);
  } catch (error) {
    await handle.close();
    unlock();
    throw error;
  }
  const expected = migrationCount();
  return {
    handle,
    isReady: async () => {
      try {
        return (await appliedMigrationCount(handle)) >= expected;
      } catch {
        return false;
      }
    },
    close: async () => {
      try {
        await handle.close();
      } finally {
        unlock();
      }
    },
  };
}
