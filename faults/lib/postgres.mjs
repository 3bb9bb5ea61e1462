// A PostgreSQL of the suite's own (initdb in a temporary directory, a free loopback port, trust
// auth), so that restarting it or cutting its connections touches nobody else's database.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "./ports.mjs";

function binDir() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root))
    throw new Error("PostgreSQL is not installed (bash scripts/services.sh installs it)");
  const version = readdirSync(root)
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return join(root, version, "bin");
}

/** Runs a PostgreSQL tool as the postgres user when this process is root (initdb refuses root). */
function asOwner(command, args) {
  const [file, argv] =
    process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const done = spawnSync(file, argv, { encoding: "utf8", timeout: 60_000 });
  if (done.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed:\n${done.stdout}${done.stderr}`);
  return done.stdout;
}

export async function startPostgres() {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "bahi-faults-pg-"));
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o755);
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  asOwner(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100`;
  const ctl = (...args) => asOwner(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "log"), ...args]);
  ctl("-o", options, "-w", "start");
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = () => postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  return {
    url,
    port,
    /** `pg_ctl restart` in fast mode, as `pg_ctlcluster … restart` does; resolves once it answers again. */
    restart() {
      const started = Date.now();
      ctl("-o", options, "-m", "fast", "-w", "restart");
      return Date.now() - started;
    },
    stop: () => ctl("-m", "fast", "-w", "stop"),
    start: () => ctl("-o", options, "-w", "start"),
    /** Ends every backend of the API (application_name bahi…), as an operator or a failover would. */
    async terminateBackends() {
      const sql = admin();
      try {
        const rows = await sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where application_name like 'bahi%' and pid <> pg_backend_pid()`;
        return rows.length;
      } finally {
        await sql.end();
      }
    },
    async remove() {
      try {
        ctl("-m", "immediate", "-w", "stop");
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
