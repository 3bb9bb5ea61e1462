import { loadavg } from "node:os";
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** How many of the slowest test files the summary lists. */
export const SLOWEST_FILES_SHOWN = 20;

/**
 * After the run, the test files that took longest (importing, then tests and hooks), with the load
 * average beside them: CI's log shows where the suite's time goes, and how busy the machine was.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((module) => {
        const { collectDuration, setupDuration, duration } = module.diagnostic();
        const importing = collectDuration + setupDuration;
        return {
          file: relative(process.cwd(), module.moduleId),
          tests: [...module.children.allTests()].length,
          importing,
          running: duration,
          total: importing + duration,
        };
      })
      .sort((a, b) => b.total - a.total);
    if (rows.length < 2) return;
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
    const sum = rows.reduce((total, row) => total + row.total, 0);
    const lines = [
      `\nslowest test files (seconds; ${rows.length} files, ${(sum / 1000).toFixed(0)} s in all; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")})`,
      `${"file".padEnd(44)} ${"tests".padStart(5)} ${"import".padStart(7)} ${"tests".padStart(7)} ${"total".padStart(7)}`,
      ...rows
        .slice(0, SLOWEST_FILES_SHOWN)
        .map(
          (r) =>
            `${r.file.padEnd(44)} ${String(r.tests).padStart(5)} ${seconds(r.importing)} ${seconds(r.running)} ${seconds(r.total)}`,
        ),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
