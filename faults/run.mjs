// The fault suite: `pnpm faults` (everything, measured) or `pnpm faults --short` (the CI version: a few
// kills, one restart of PostgreSQL and the SIGTERM recipe). `pnpm faults kill-pglite restart` runs the faults named.
// Loopback only; each fault starts its own server, database and (for PostgreSQL) cluster.

import { ensureBuilt } from "./lib/server.mjs";
import { diskFull } from "./scenarios/disk-full.mjs";
import { importSignal } from "./scenarios/import-signal.mjs";
import { killAndRestart } from "./scenarios/kill.mjs";
import { postgresRestart } from "./scenarios/postgres-restart.mjs";
import { redisRestart } from "./scenarios/redis-restart.mjs";
import { sigtermRecipe } from "./scenarios/sigterm-recipe.mjs";
import { slowClients } from "./scenarios/slow-clients.mjs";
import { webhookKill } from "./scenarios/webhook-kill.mjs";

const args = process.argv.slice(2);
const short = args.includes("--short");
const only = args.filter((a) => !a.startsWith("--"));

/** Each fault: its name in the table, what is expected of it, and how to run it (short and full). */
const faults = [
  {
    id: "kill-pglite",
    name: "1. SIGKILL mid-load, PGlite, restart",
    run: (log) => killAndRestart({ driver: "pglite", kills: short ? 2 : 50, log }),
  },
  {
    id: "kill-postgres",
    name: "1. SIGKILL mid-load, PostgreSQL, restart",
    run: (log) => killAndRestart({ driver: "postgres", kills: short ? 2 : 20, log }),
  },
  {
    id: "restart",
    name: "3. PostgreSQL restarted / connections cut",
    run: (log) => postgresRestart({ restarts: short ? 1 : 5, cuts: short ? 0 : 5, log }),
  },
  {
    id: "redis",
    name: "4. Redis stopped and started under load",
    skipShort: true,
    run: (log) => redisRestart({ outages: short ? 1 : 4, log }),
  },
  {
    id: "disk-full",
    name: "5. the disk fills under PGlite",
    skipShort: true,
    run: (log) => diskFull({ fills: short ? 1 : 4, log }),
  },
  {
    id: "retry-kill",
    name: "6. idempotent retries across SIGKILLs (PGlite)",
    skipShort: true,
    run: (log) => killAndRestart({ driver: "pglite", kills: 10, retry: true, log }),
  },
  {
    id: "retry-restart",
    name: "6. idempotent retries across PG restarts and cuts",
    skipShort: true,
    run: (log) => postgresRestart({ restarts: 3, cuts: 3, retry: true, log }),
  },
  {
    id: "webhook-kill-server",
    name: "2. SIGKILL of the server delivering webhooks (PGlite)",
    skipShort: true,
    run: (log) => webhookKill({ victim: "server", kills: short ? 2 : 20, log }),
  },
  {
    id: "webhook-kill-worker",
    name: "2. SIGKILL of a `bahi worker` mid-delivery (PostgreSQL)",
    skipShort: true,
    run: (log) => webhookKill({ victim: "worker", kills: short ? 2 : 20, log }),
  },
  {
    id: "import",
    name: "8. SIGTERM / SIGKILL during a product import",
    skipShort: true,
    run: (log) => importSignal({ rows: 20_000, signals: 6, log }),
  },
  {
    id: "slow-clients",
    name: "7. slow and broken clients",
    skipShort: true,
    run: (log) => slowClients({ log }),
  },
  {
    id: "sigterm",
    name: "8. SIGTERM, supervisor gone (issue recipe)",
    run: (log) => sigtermRecipe({ runs: short ? 1 : 10, log }),
  },
];

ensureBuilt();
// Bounded in time whatever a fault waits on.
const deadline = setTimeout(
  () => {
    console.error("faults: the suite ran past its time bound");
    process.exit(2);
  },
  (short ? 5 : 60) * 60_000,
);
deadline.unref();

const rows = [];
for (const fault of faults) {
  if (only.length > 0 ? !only.includes(fault.id) : short && fault.skipShort) continue;
  const started = Date.now();
  const log = (line) => console.log(`  [${fault.id}] ${line}`);
  console.log(`${fault.name} …`);
  let result;
  try {
    result = await fault.run(log);
  } catch (error) {
    result = { runs: 0, checked: 0, lost: "?", doubled: "?", ok: false, error: String(error).slice(0, 3000) };
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const { problems = [], ok, ...figures } = result;
  for (const problem of problems.slice(0, 20)) log(`problem: ${problem}`);
  log(`${ok ? "ok" : "FAILED"} in ${seconds} s: ${JSON.stringify(figures)}`);
  rows.push({ fault: fault.name, ...result, seconds });
}

const outcome = (r) => {
  if (r.error) return `failed: ${r.error.split("\n")[0]}`;
  const notes = [];
  if (r.note) notes.push(r.note);
  if (r.statuses)
    notes.push(
      Object.entries(r.statuses)
        .map(([s, n]) => `${n}×${s}`)
        .join(" "),
    );
  if (r.slowestRecoveryMs !== undefined) notes.push(`creates again ≤ ${r.slowestRecoveryMs} ms`);
  if (r.slowestReopenMs !== undefined) notes.push(`restart ≤ ${r.slowestReopenMs} ms`);
  if (r.slowestExitMs !== undefined) notes.push(`exit ≤ ${r.slowestExitMs} ms`);
  if (r.notes) notes.push(r.notes);
  return `${r.ok ? "ok" : "FAILED"}: ${notes.join("; ")}`;
};
console.log("\n| fault | runs | answers checked | lost | doubled | outcome |");
console.log("| --- | --: | --: | --: | --: | --- |");
for (const r of rows)
  console.log(`| ${r.fault} | ${r.runs} | ${r.checked} | ${r.lost} | ${r.doubled} | ${outcome(r)} |`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
