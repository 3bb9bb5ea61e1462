import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "../src/db/data-dir-lock.js";

describe("one process per embedded data directory", () => {
  it("refuses a second holder, naming the first", () => {
    const dir = mkdtempSync(join(tmpdir(), "bahi-lock-"));
    writeFileSync(
      join(dir, "bahi.lock"),
      JSON.stringify({
        pid: process.ppid,
        host: hostname(),
        command: "bahi api server",
        since: "2026-11-22T00:00:00.000Z",
      }),
    );
    let error: unknown;
    try {
      lockDataDir(dir, "bahi migrate");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as Error).message).toContain(`pid ${process.ppid}`);
    expect((error as Error).message).toContain('"bahi api server"');
  });

  it("takes over a lock left by a dead process, and releases it", () => {
    const dir = mkdtempSync(join(tmpdir(), "bahi-lock-"));
    writeFileSync(
      join(dir, "bahi.lock"),
      JSON.stringify({ pid: 2_147_483_646, host: hostname(), command: "old", since: "x" }),
    );
    const release = lockDataDir(dir, "bahi test");
    expect(JSON.parse(readFileSync(join(dir, "bahi.lock"), "utf8")).pid).toBe(process.pid);
    release();
    const again = lockDataDir(dir, "bahi test");
    again();
  });
});
