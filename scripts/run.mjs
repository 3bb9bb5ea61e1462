// The two commands of the quick start (`npm start`, `npm test`) on a machine with only Node and npm:
// makes sure pnpm and the workspace's packages are installed, then runs the task's steps.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pnpmVersion = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1];
const windows = process.platform === "win32";

/** pnpm itself: the one on PATH if it is the pinned version, else the pinned version through npx. */
function pnpmCommand() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8", shell: windows });
  if (probe.status === 0 && probe.stdout.trim() === pnpmVersion) return ["pnpm", []];
  return ["npx", ["--yes", `pnpm@${pnpmVersion}`]];
}

const [pnpm, prefix] = pnpmCommand();
const withPnpm = (...args) => ({
  command: pnpm,
  args: [...prefix, ...args],
  cwd: root,
  shell: windows,
});

/** Each task is a list of steps, run in order until one fails. */
const tasks = {
  start: [
    // The SDK is built too, so that `npm run sdk:pack` (or a path install) finds its dist/ ready.
    withPnpm(
      "exec",
      "turbo",
      "run",
      "build",
      "--filter=@bahi/api",
      "--filter=@bahi/sdk",
      "--output-logs=errors-only",
    ),
    // Node on the bundle as this process's own child, with no pnpm or shell between: a stop signal sent
    // to `npm start` is forwarded straight to the server, which finishes its requests and frees its lock.
    {
      command: process.execPath,
      args: ["dist/server/main.js"],
      cwd: join(root, "apps/api"),
      // Relative paths (BAHI_DATA_DIR) are the operator's, as under npm and pnpm.
      env: { ...process.env, INIT_CWD: process.env.INIT_CWD || process.cwd() },
    },
  ],
  // The SDK as the tarball npm would publish, in ./dist, with the line that installs it elsewhere.
  "sdk:pack": [
    withPnpm("exec", "turbo", "run", "build", "--filter=@bahi/sdk", "--output-logs=errors-only"),
    {
      command: process.execPath,
      args: [join(root, "scripts/sdk-pack.mjs")],
      cwd: root,
    },
  ],
  // --continue: a package whose tests fail does not stop the others; the run still fails at the end.
  // What follows `npm test --` goes to turbo: CI runs the browser tests apart with `--filter=!@bahi/e2e`.
  test: [
    withPnpm(
      "exec",
      "turbo",
      "run",
      "test",
      "--concurrency=1",
      "--continue",
      "--output-logs=full",
      ...process.argv.slice(3),
    ),
  ],
};

let child = null;
let stopSignal = null;
// An orchestrator signals only the process it started: each signal goes on to the step running, and
// this process ends when that step does, never leaving it behind.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopSignal = signal;
    child?.kill(signal);
  });
}

/** Resolves with how the step ended: its exit code, or the signal that ended it. */
function run(step) {
  return new Promise((resolve) => {
    child = spawn(step.command, step.args, {
      cwd: step.cwd,
      env: step.env,
      stdio: "inherit",
      shell: step.shell,
    });
    child.on("error", (error) => {
      console.error(`${step.command}: ${error.message}`);
      resolve({ code: 127, signal: null });
    });
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
}

/** Ends as the step did: a step killed by a signal kills this process with it, as a shell would show. */
function exitLike({ code, signal }) {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
}

/** Installing is skipped when node_modules already matches the lockfile: a restart costs nothing. */
function installed() {
  const current = join(root, "node_modules/.pnpm/lock.yaml");
  return (
    existsSync(current) &&
    readFileSync(current, "utf8") === readFileSync(join(root, "pnpm-lock.yaml"), "utf8")
  );
}

const task = process.argv[2];
if (!(task in tasks)) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(tasks).join("|")}`);
  process.exit(64);
}
const steps = installed() ? tasks[task] : [withPnpm("install", "--frozen-lockfile"), ...tasks[task]];
for (const [index, step] of steps.entries()) {
  const ended = await run(step);
  if (ended.code !== 0 || index === steps.length - 1) {
    exitLike(ended);
    break;
  }
  // A step that finished although asked to stop: the next one must not start.
  if (stopSignal) process.exit(128 + constants.signals[stopSignal]);
}
