import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/db/client.js";
import { withDatabase } from "./global-setup.js";

export const driverUnderTest = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  /** A URL for processes of their own (PostgreSQL only). */
  readonly url: string | null;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of the driver under test, private to the calling test file; on
 * PostgreSQL, with a pool of `poolSize` connections.
 */
export async function createTestDatabase(
  poolSize = 10,
  onStatement?: (text: string) => void,
): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const snapshot = new Blob([readFileSync(inject("pgliteSnapshot"))]);
    const handle = await openDatabase({
      driver: "pglite",
      dataDir: null,
      snapshot,
      ...(onStatement ? { onStatement } : {}),
    });
    return { handle, url: null, drop: () => handle.close() };
  }
  return createPostgresDatabase(url, inject("postgresTemplate"), poolSize, onStatement);
}

/** A new PostgreSQL database beside `url`'s: a copy of `template`, or empty when it is null. */
export async function createPostgresDatabase(
  url: string,
  template: string | null,
  poolSize = 10,
  onStatement?: (text: string) => void,
): Promise<TestDatabase> {
  const name = `bahi_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
  const dbUrl = withDatabase(url, name);
  const handle = await openDatabase({
    driver: "postgres",
    url: dbUrl,
    poolSize,
    ...(onStatement ? { onStatement } : {}),
  });
  return {
    handle,
    url: dbUrl,
    drop: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
