import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const apiRoot = fileURLToPath(new URL("..", import.meta.url));

describe("pnpm bahi irp-sim", () => {
  it("starts the simulated IRP as its own process with faults from flags, prints its URL, stops on SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      [
        "dist/server/cli.js",
        "irp-sim",
        "--port",
        "0",
        "--latency-ms",
        "40",
        "--error-rate",
        "0.25",
        "--json",
      ],
      { cwd: apiRoot },
    );
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk) => {
          out += chunk;
          if (out.includes("\n")) resolve(out.split("\n")[0] as string);
        });
        child.on("close", () => reject(new Error(`irp-sim exited: ${out}`)));
      });
      const started = JSON.parse(line) as { url: string; faults: { latencyMs: number; errorRate: number } };
      expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(started.faults).toMatchObject({ latencyMs: 40, errorRate: 0.25 });
      const faults = await (await fetch(`${started.url}/_sim/faults`)).json();
      expect(faults).toMatchObject({ latencyMs: 40, errorRate: 0.25 });
      const jwks = (await (await fetch(`${started.url}/_sim/jwks`)).json()) as { keys: unknown[] };
      expect(jwks.keys.length).toBeGreaterThan(0);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 30_000);

  it("refuses an unknown flag with the usage and exit code 64", async () => {
    const child = spawn(process.execPath, ["dist/server/cli.js", "irp-sim", "--latency", "3"], {
      cwd: apiRoot,
    });
    let err = "";
    child.stderr.on("data", (chunk) => (err += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(64);
    expect(err).toContain("Usage: irp-sim");
  }, 30_000);
});
