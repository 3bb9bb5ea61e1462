// The two commands of the quick start (`npm start`, `npm test`) on a machine with only Node and npm:
// makes sure pnpm and the workspace's packages are installed, then hands over to pnpm.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pnpmVersion = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1];

/** Each task is a list of pnpm invocations, run in order until one fails. */
const tasks = {
  start: [
    ["exec", "turbo", "run", "build", "--filter=@bahi/api", "--output-logs=errors-only"],
    ["--filter", "@bahi/api", "start"],
  ],
  test: [["exec", "turbo", "run", "test", "--concurrency=1", "--output-logs=full"]],
};

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.error) return { status: 127, error: result.error };
  return result;
}

/** pnpm itself: the one on PATH if it is the pinned version, else the pinned version through npx. */
function pnpmCommand() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8", shell: process.platform === "win32" });
  if (probe.status === 0 && probe.stdout.trim() === pnpmVersion) return ["pnpm", []];
  return ["npx", ["--yes", `pnpm@${pnpmVersion}`]];
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
const [pnpm, prefix] = pnpmCommand();
if (!installed()) {
  const install = run(pnpm, [...prefix, "install", "--frozen-lockfile"]);
  if (install.status !== 0) process.exit(install.status ?? 1);
}
for (const step of tasks[task]) {
  const result = run(pnpm, [...prefix, ...step]);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
