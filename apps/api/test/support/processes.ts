import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const apiRoot = fileURLToPath(new URL("../..", import.meta.url));
export const repoRoot = fileURLToPath(new URL("../../../..", import.meta.url));
/**
 * One process, not tsx's wrapper and its child, so that a signal reaches the server itself; the
 * bundle `pnpm start` runs (built by the global setup), which starts in a third of tsx's time.
 */
const node = (entry: "main" | "cli") => [process.execPath, [`dist/server/${entry}.js`]] as const;

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `pnpm bahi …` the way the operator does, minus pnpm: the same entry point and environment. */
export function runCli(args: string[], env: Record<string, string>): Promise<Finished> {
  const [command, prefix] = node("cli");
  return finished(spawn(command, [...prefix, ...args], { cwd: apiRoot, env: { ...process.env, ...env } }));
}

/** Runs `pnpm bahi …` exactly as the operator types it, in `cwd` (the repository's root or below). */
export function runPnpmBahi(args: string[], env: Record<string, string>, cwd = repoRoot): Promise<Finished> {
  // From an operator's shell, where no npm or pnpm run above has set INIT_CWD already.
  const { INIT_CWD: _, ...shell } = process.env;
  return finished(spawn("pnpm", ["-s", "bahi", ...args], { cwd, env: { ...shell, ...env } }));
}

function finished(child: ChildProcessWithoutNullStreams): Promise<Finished> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the first output line containing `text`; logs are flushed asynchronously. */
  lineWith: (text: string) => Promise<string>;
  exited: Promise<number | null>;
}

/** Starts the server as `pnpm start` does, and waits for its "listening" log line. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const [command, args] = node("main");
  return listening(
    spawn(command, args, { cwd: apiRoot, env: { ...process.env, PORT: "0", LOG_LEVEL: "info", ...env } }),
  );
}

/**
 * Runs `npm start` in the repository's root, as the quick start says, in a process group of its own
 * (`-child.pid` reaches every process of the chain, should a test need to clean up after a failure),
 * and waits for the server's "listening" log line.
 */
export function startNpmStart(env: Record<string, string>): Promise<ServerProcess> {
  return listening(
    spawn("npm", ["start"], {
      cwd: repoRoot,
      detached: true,
      env: { ...process.env, PORT: "0", LOG_LEVEL: "info", ...env },
    }),
  );
}

function listening(child: ChildProcess): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    let out = "";
    const lineWith = async (text: string) => {
      for (let waited = 0; waited < 5_000; waited += 20) {
        const found = out.split("\n").find((l) => l.includes(text));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no line with ${text} in:\n${out}`);
    };
    const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    const onData = (chunk: Buffer) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.includes('"msg":"listening"'));
      if (line) resolve({ child, url: JSON.parse(line).url, output: () => out, lineWith, exited });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
}
