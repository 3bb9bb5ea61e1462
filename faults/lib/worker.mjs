// `pnpm bahi worker` (the built CLI) as a process of its own, so that a fault can kill it.
import { spawn } from "node:child_process";
import { apiRoot } from "./server.mjs";

/** Starts a worker and resolves once it says its webhook loop runs. */
export function startWorkerProcess(env, { timeoutMs = 60_000 } = {}) {
  const child = spawn(process.execPath, ["dist/server/cli.js", "worker"], {
    cwd: apiRoot,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the worker did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes('"msg":"webhook worker started"')) {
        clearTimeout(timer);
        resolve({ child, exited, output: () => out });
      }
    });
    child.stderr.on("data", (chunk) => (out += chunk));
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited (${code ?? signal}) before it started:\n${out}`));
    });
  });
}
