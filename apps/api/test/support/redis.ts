import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";

/**
 * Whether the tests that need redis-server run: always in CI, which installs it (so that a missing one
 * fails there), elsewhere where it is on PATH, as the docs' browser test does with Chromium.
 */
export const redisTestsRun = Boolean(process.env.CI) || !spawnSync("redis-server", ["--version"]).error;
if (!redisTestsRun) {
  console.warn(
    "Skipping the tests that need Redis: no redis-server on PATH. Install it (apt-get install " +
      "redis-server); in CI they always run.",
  );
}

export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** Kills the server at once, as a crash or a lost network would. */
  kill(): Promise<void>;
  /** Stops it as its operator would (SIGTERM): it closes its clients' connections and exits. */
  stop(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing is answered, as a hung server's. */
  pause(): void;
  /** Thaws it (SIGCONT): it answers what it was sent meanwhile. */
  resume(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A redis-server of the test's own on a free loopback port, without persistence: tests can stop it
 * without touching the Redis that CI or a developer runs on 6379. Given a port, it comes back there.
 */
export async function startRedis(port?: number): Promise<TestRedis> {
  port ??= await freePort();
  const child = spawn("redis-server", [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--daemonize",
    "no",
  ]);
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.on("error", (error) => reject(new Error(`cannot start redis-server: ${error.message}`)));
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("Ready to accept connections")) resolve();
    });
    void exited.then(() => reject(new Error(`redis-server exited before it was ready:\n${out}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
    pause: () => void child.kill("SIGSTOP"),
    resume: () => void child.kill("SIGCONT"),
  };
}
