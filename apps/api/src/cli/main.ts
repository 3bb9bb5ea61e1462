import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.js";
import { DataDirInUseError } from "../db/data-dir-lock.js";
import { ApiError } from "../values/problem.js";
import { COMMANDS_WITH_ARGS, type CommandOutput, commands } from "./commands.js";
import { clientCommands } from "./login.js";

const usage = `Usage: pnpm bahi <command> [options] [--json]

Commands:
  accounts create --legal-name NAME --gstin GSTIN --address LINE1 --city CITY --pin PIN
                  [--trade-name NAME] [--address2 LINE2] [--plan free|growth|enterprise]
                  [--owner-email EMAIL]   the first owner, printed a link to set their password
  accounts pause  --account acc_…
  accounts resume --account acc_…
  keys create     --account acc_… --mode test|live --scopes '*'|invoices:read,…
                  [--name NAME] [--expires-at RFC3339]
  keys revoke     --key key_…
  products import FILE --account acc_… --mode test|live [--sheet NAME]
                  imports a CSV or .xlsx file of products, with a progress bar on a terminal
  migrate
  worker          delivers webhooks, runs queued product imports and registers pending e-invoices
                  with live IRPs until SIGTERM or SIGINT;
                  on PostgreSQL any number may run
  irp-sim [--port N] [--latency-ms N] [--latency-median-ms N --latency-p99-ms N] [--error-rate F]
          [--drop-after-register-rate F] [--expire-tokens-every S] [--json] …
                  starts a simulated IRP (NIC's e-invoice API) as its own process and prints its
                  URL; \`pnpm bahi irp-sim --help\` lists every flag

As a member, against a running server (--url, else BAHI_URL, else http://127.0.0.1:8080):
  login  [--scopes account:read,…] [--url URL]
                  signs you in from this terminal: open the link it prints, enter its code and
                  approve; the tokens go to $XDG_CONFIG_HOME/bahi/credentials.json (mode 0600)
  whoami          the account the stored sign-in acts for (GET /v1/account), refreshing it if due
  logout          revokes the stored sign-in and deletes it

Configuration comes from the environment, as for the server (DATABASE_URL or BAHI_DATA_DIR).`;

const options = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  "legal-name": { type: "string" },
  "owner-email": { type: "string" },
  "trade-name": { type: "string" },
  gstin: { type: "string" },
  address: { type: "string" },
  address2: { type: "string" },
  city: { type: "string" },
  pin: { type: "string" },
  plan: { type: "string" },
  account: { type: "string" },
  mode: { type: "string" },
  scopes: { type: "string" },
  name: { type: "string" },
  "expires-at": { type: "string" },
  key: { type: "string" },
  sheet: { type: "string" },
  url: { type: "string" },
} as const;

function print(output: CommandOutput, json: boolean): void {
  process.stdout.write(json ? `${JSON.stringify(output.json)}\n` : `${output.text}\n`);
}

function fail(message: string, json: boolean, code: string, exitCode: number): never {
  if (json) process.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`);
  else process.stderr.write(`${message}\n`);
  process.exit(exitCode);
}

/** The simulated IRP takes flags of its own and no configuration: it is handed the rest of the line. */
async function irpSimulator(argv: readonly string[]): Promise<void> {
  const { runSimulatorCli, SIMULATOR_USAGE } = await import("@bahi/irp/simulator/cli");
  try {
    const simulator = await runSimulatorCli(argv);
    if (!simulator) return;
    const stop = () => void simulator.close().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${SIMULATOR_USAGE}\n`);
    process.exit(64);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === "irp-sim") return irpSimulator(argv.slice(1));
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ options, allowPositionals: true });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${usage}`, false, "usage", 64);
  }
  const { values, positionals } = parsed;
  const json = values.json === true;
  const client = positionals.length === 1 ? positionals[0] : undefined;
  if (client && Object.hasOwn(clientCommands, client)) {
    const run = clientCommands[client as keyof typeof clientCommands];
    const say = (line: string) => process.stderr.write(`${line}\n`);
    const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
    try {
      print(await run(values, { env: process.env, say, sleep }), json);
    } catch (error) {
      if (error instanceof ApiError) fail(error.detail, json, error.code, 1);
      throw error;
    }
    return;
  }
  const prefix = positionals.slice(0, 2).join(" ");
  const name = COMMANDS_WITH_ARGS.has(prefix) ? prefix : positionals.join(" ");
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (values.help || !command) {
    if (values.help) {
      process.stdout.write(`${usage}\n`);
      return;
    }
    fail(`${name ? `Unknown command "${name}".` : "No command given."}\n\n${usage}`, json, "usage", 64);
  }
  try {
    print(await command(values, loadConfig(), positionals.slice(2)), json);
  } catch (error) {
    if (error instanceof ApiError) fail(error.detail, json, error.code, 1);
    if (error instanceof ConfigError || error instanceof DataDirInUseError)
      fail(error.message, json, "configuration", 2);
    throw error;
  }
}

await main();
