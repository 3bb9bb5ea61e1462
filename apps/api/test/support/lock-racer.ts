import { createInterface } from "node:readline";
import { DataDirInUseError, lockDataDir } from "../../src/db/data-dir-lock.js";

/**
 * One of the processes racing for a data directory in data-dir-lock.test.ts. For each line
 * `DIR START_AT_MS` it waits until that time (so that all racers call at once), tries to lock DIR, and
 * answers `held` or `busy`; a lock it takes stays held until the process is killed. It says `ready`
 * first, once loaded.
 */
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  const [dir, startAt] = line.split(" ");
  while (Date.now() < Number(startAt));
  try {
    lockDataDir(dir as string, "racer");
    process.stdout.write("held\n");
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    process.stdout.write("busy\n");
  }
}
