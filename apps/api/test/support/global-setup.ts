import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { startStatusLog } from "./status-coverage.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump that every test file starts from. */
    pgliteSnapshot: string;
    /** PostgreSQL: a migrated template database that every test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run. Creating and migrating a database per test file would cost seconds each;
 * copying a migrated one costs a fraction of that.
 */
export default async function setup(project: TestProject) {
  buildBundles();
  const checkStatuses = startStatusLog(project);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `bahi_template_${randomBytes(4).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${template}`);
    const handle = await openDatabase({ driver: "postgres", url: withDatabase(url, template), poolSize: 2 });
    await migrate(handle);
    await handle.close();
    project.provide("postgresTemplate", template);
    project.provide("pgliteSnapshot", "");
    return async () => {
      await admin.unsafe(`drop database if exists ${template} with (force)`);
      await admin.end();
      await checkStatuses();
    };
  }
  const handle = await openDatabase({ driver: "pglite", dataDir: null });
  await migrate(handle);
  const dump = await handle.pglite?.dumpDataDir("gzip");
  await handle.close();
  if (!dump) throw new Error("PGlite did not dump its data directory");
  const path = join(tmpdir(), `bahi-test-${process.pid}-${randomBytes(4).toString("hex")}.tar.gz`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteSnapshot", path);
  project.provide("postgresTemplate", "");
  return async () => {
    rmSync(path, { force: true });
    await checkStatuses();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The server and CLI as `pnpm start` builds them, for the tests that start processes. */
function buildBundles(): void {
  const built = spawnSync(process.execPath, ["scripts/build.mjs"], {
    cwd: new URL("../..", import.meta.url),
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`the API's build failed:\n${built.stderr}`);
}
