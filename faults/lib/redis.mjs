// A Redis of the suite's own (a child `redis-server` on a free loopback port, nothing saved), so that
// stopping it touches nobody else's counters.
import { spawn } from "node:child_process";
import { freePort } from "./ports.mjs";

function launch(port) {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 20_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited:\n${out}`));
    });
  });
  return { child, exited, ready };
}

/** Starts a private redis-server; `stop(signal)` and `start()` take it down and bring it back on the same port. */
export async function startRedis() {
  const port = await freePort();
  let server = launch(port);
  await server.ready;
  return {
    url: `redis://127.0.0.1:${port}`,
    /** SIGTERM: a clean shutdown; SIGKILL: a crash. Resolves once the process is gone. */
    async stop(signal = "SIGTERM") {
      server.child.kill(signal);
      await server.exited;
    },
    async start() {
      server = launch(port);
      await server.ready;
    },
    async remove() {
      server.child.kill("SIGKILL");
      await server.exited;
    },
  };
}
