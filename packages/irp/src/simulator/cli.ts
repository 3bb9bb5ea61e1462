import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { IrpFaults } from "./faults.js";
import { type IrpSimulator, type IrpSimulatorOptions, startIrpSimulator } from "./index.js";
import type { SimAccount } from "./sessions.js";

export const SIMULATOR_USAGE = `Usage: irp-sim [options]

Starts a simulated IRP that speaks NIC's e-invoice API (auth 1.04, core 1.03).

  --port N                      port (default 4010; 0 for a free one)
  --host H                      address to listen on (default 127.0.0.1)
  --seed N                      seed latency, faults, tokens and ack numbers
  --persist FILE                keep keys and registrations in FILE (JSON Lines) across restarts
  --key-bits N                  size of the signing key it generates (default 2048; 1024 signs 4x cheaper)
  --accounts FILE               JSON array of {gstin, userName, password, clientId, clientSecret}
                                (gstin "*" accepts any valid GSTIN; default: one such account)
  --token-ttl SECONDS           token life announced in TokenExpiry (default 21600)
  --cancel-window-hours N       how long an IRN can be cancelled (default 24)
  --latency-ms N                fixed latency added to each answer
  --latency-median-ms N         log-normal latency: median …
  --latency-p99-ms N            … and 99th percentile
  --error-rate F                fraction of requests answered with --error-status (default 503)
  --error-status N
  --drop-after-register-rate F  fraction of registrations whose connection is dropped unanswered
  --expire-tokens-every SECONDS refuse every token issued before, every N seconds
  --public-key-out FILE         write the auth public key (PEM) to FILE
  --jwks-out FILE               write the signing keys (JWKS) to FILE
  --json                        print the start-up details as one JSON line
  --help

Control API on the same port: GET|POST /_sim/faults, GET /_sim/stats, GET /_sim/jwks,
GET /_sim/public-key, GET /_sim/registrations/{irn}.`;

export interface SimulatorCliOptions {
  readonly simulator: IrpSimulatorOptions;
  readonly json: boolean;
  readonly publicKeyOut: string | null;
  readonly jwksOut: string | null;
  readonly help: boolean;
}

const number = (flag: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`--${flag} takes a number, not "${text}"`);
  return value;
};

/** Reads the command line (argv without node and the script); throws on a bad flag. */
export function parseSimulatorArgs(argv: readonly string[]): SimulatorCliOptions {
  const { values } = parseArgs({
    // `pnpm run sim -- --port 4010` passes the `--` on.
    args: argv[0] === "--" ? argv.slice(1) : [...argv],
    strict: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      seed: { type: "string" },
      persist: { type: "string" },
      "key-bits": { type: "string" },
      accounts: { type: "string" },
      "token-ttl": { type: "string" },
      "cancel-window-hours": { type: "string" },
      "latency-ms": { type: "string" },
      "latency-median-ms": { type: "string" },
      "latency-p99-ms": { type: "string" },
      "error-rate": { type: "string" },
      "error-status": { type: "string" },
      "drop-after-register-rate": { type: "string" },
      "expire-tokens-every": { type: "string" },
      "public-key-out": { type: "string" },
      "jwks-out": { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  const faults: { -readonly [K in keyof IrpFaults]?: IrpFaults[K] } = {};
  const setFault = <K extends keyof IrpFaults>(key: K, value: IrpFaults[K] | undefined) => {
    if (value !== undefined) faults[key] = value;
  };
  setFault("latencyMs", number("latency-ms", values["latency-ms"]));
  setFault("latencyMedianMs", number("latency-median-ms", values["latency-median-ms"]));
  setFault("latencyP99Ms", number("latency-p99-ms", values["latency-p99-ms"]));
  setFault("errorRate", number("error-rate", values["error-rate"]));
  setFault("errorStatus", number("error-status", values["error-status"]));
  setFault("dropAfterRegisterRate", number("drop-after-register-rate", values["drop-after-register-rate"]));
  setFault("expireTokensEverySeconds", number("expire-tokens-every", values["expire-tokens-every"]));
  const keyBits = number("key-bits", values["key-bits"]);
  if (keyBits !== undefined && ![1024, 2048, 3072, 4096].includes(keyBits)) {
    throw new Error("--key-bits takes 1024, 2048, 3072 or 4096");
  }
  const accounts = values.accounts
    ? (JSON.parse(readFileSync(values.accounts, "utf8")) as SimAccount[])
    : undefined;
  const optional = <T>(key: string, value: T | undefined) => (value === undefined ? {} : { [key]: value });
  const simulator: IrpSimulatorOptions = {
    port: number("port", values.port) ?? 4010,
    host: values.host ?? "127.0.0.1",
    faults,
    ...optional("seed", number("seed", values.seed)),
    ...optional("persistPath", values.persist),
    ...optional("keyBits", keyBits),
    ...optional("accounts", accounts),
    ...optional("tokenTtlSeconds", number("token-ttl", values["token-ttl"])),
    ...optional("cancelWindowHours", number("cancel-window-hours", values["cancel-window-hours"])),
  };
  return {
    simulator,
    json: values.json === true,
    publicKeyOut: values["public-key-out"] ?? null,
    jwksOut: values["jwks-out"] ?? null,
    help: values.help === true,
  };
}

/** Starts the simulator from a command line and prints where it listens; answers it running. */
export async function runSimulatorCli(
  argv: readonly string[],
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<IrpSimulator | null> {
  const options = parseSimulatorArgs(argv);
  if (options.help) {
    print(SIMULATOR_USAGE);
    return null;
  }
  const simulator = await startIrpSimulator(options.simulator);
  if (options.publicKeyOut) writeFileSync(options.publicKeyOut, simulator.publicKeyPem);
  if (options.jwksOut) writeFileSync(options.jwksOut, `${JSON.stringify(simulator.jwks, null, 2)}\n`);
  const account = simulator.accounts[0];
  if (options.json) {
    print(
      JSON.stringify({
        url: simulator.url,
        accounts: simulator.accounts,
        publicKeyPem: simulator.publicKeyPem,
        jwks: simulator.jwks,
        faults: simulator.faults.current(),
      }),
    );
  } else {
    print(`Simulated IRP listening on ${simulator.url}`);
    if (account) {
      print(
        `  credentials: client_id ${account.clientId}, client_secret ${account.clientSecret}, ` +
          `user ${account.userName}, password ${account.password}, GSTIN ${account.gstin === "*" ? "any" : account.gstin}`,
      );
    }
    print(`  auth public key: ${options.publicKeyOut ?? `GET ${simulator.url}/_sim/public-key`}`);
    print(`  signing keys:    ${options.jwksOut ?? `GET ${simulator.url}/_sim/jwks`}`);
    print(`  faults:          ${JSON.stringify(simulator.faults.current())} (POST /_sim/faults to change)`);
  }
  return simulator;
}
