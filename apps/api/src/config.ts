import { isIP } from "node:net";
import { resolve } from "node:path";
import { ACCESS_TOKEN_LIFETIME_SECONDS, MAX_ACCESS_TOKEN_LIFETIME_SECONDS } from "./services/oauth/model.js";
import { parseAllowedHost } from "./services/webhooks/address-policy.js";

export const DEFAULT_PORT = 8080;
export const DEFAULT_POOL_SIZE = 10;
/** Migrations hold a lock on one connection and run on another. */
export const MIN_POOL_SIZE = 2;
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * EINVOICE_WAIT_MS (BAHI_EINVOICE_WAIT_MS): how long a create waits, after its commit, for a live
 * IRP's IRN before it answers `pending` (the spec's e-Invoicing tag says so).
 */
export const EINVOICE_WAIT_MS = 3_000;
/**
 * SHUTDOWN_GRACE_MS: how long past BAHI_SHUTDOWN_TIMEOUT_MS a stopping process may take to close its
 * database and write its last log lines. At that deadline it exits with 1, whatever it still waits on.
 */
export const SHUTDOWN_GRACE_MS = 10_000;
/**
 * DATABASE_CLOSE_TIMEOUT_MS: how long a stopping server waits for its database connections to close
 * once its work is done or given up. postgres.js gives statements 5 s before it ends their
 * connections; past this the process exits all the same, since its end() can wait for ever after a
 * cut connection (porsager/postgres#1097). With the last log lines, within SHUTDOWN_GRACE_MS.
 */
export const DATABASE_CLOSE_TIMEOUT_MS = 6_000;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  /** PostgreSQL when set; otherwise the embedded PGlite in `dataDir`. */
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  readonly poolSize: number;
  readonly logLevel: LogLevel;
  readonly shutdownTimeoutMs: number;
  /** Whether an empty database gets a demo account and a printed test key. */
  readonly demo: boolean;
  /**
   * Where requests are counted: `redis` shares one budget among every node on `redisUrl`, `memory`
   * counts in this process, `off` (benchmarks and trusted setups only) has no limits and no headers.
   */
  readonly rateLimit: "memory" | "redis" | "off";
  readonly redisUrl: string | null;
  /** `on`: this process delivers webhooks and runs product imports too; `off`: only `pnpm bahi worker` processes do. */
  readonly worker: "on" | "off";
  /** Hosts, addresses and CIDR ranges that webhooks may reach although private or loopback. */
  readonly webhookAllowedHosts: readonly string[];
  /** The key that seals webhook secrets; null: a key generated into the database. */
  readonly secretKey: Buffer | null;
  /** Pieces of speed/ turned off, for A/B benchmarks (BAHI_SPEED_OFF); see speed/README.md. */
  readonly speedOff: ReadonlySet<SpeedPiece>;
  /** How long a create waits for a live IRP's IRN before answering `pending` (EINVOICE_WAIT_MS). */
  readonly einvoiceWaitMs: number;
  /** BAHI_SMTP_URL: where invitations and password resets are sent; null: into the log. */
  readonly smtpUrl: string | null;
  /** BAHI_PUBLIC_URL: the origin written into emailed links; null: the request's own. */
  readonly publicUrl: string | null;
  /** BAHI_OAUTH_ACCESS_TOKEN_SECONDS: how long an OAuth access token lasts. */
  readonly accessTokenLifetimeSeconds: number;
}

/** The pieces of speed/ that BAHI_SPEED_OFF can turn off, one at a time, to measure what each buys. */
export const SPEED_PIECES = ["guessed-claims", "issued-invoices", "point-reads"] as const;
export type SpeedPiece = (typeof SPEED_PIECES)[number];

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
}

function isRedisUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * An IPv4 or IPv6 address, or a host name of letters, digits, hyphens (and underscores, which container
 * networks' service names have) whose last label is not all digits: `256.1.1.1` is neither, and would
 * otherwise fail only once the server tries to listen.
 */
function isHost(raw: string): boolean {
  if (isIP(raw) !== 0) return true;
  const labels = raw.replace(/\.$/, "").split(".");
  return (
    raw.length <= 253 &&
    labels.every((label) => /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/i.test(label)) &&
    !/^\d+$/.test(labels.at(-1) ?? "")
  );
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * A path as the operator wrote it: npm and pnpm run scripts inside the package's folder, so a relative
 * path means the folder the command was run in (INIT_CWD).
 */
export function callerPath(path: string, env: Env = process.env): string {
  return resolve(env.INIT_CWD || process.cwd(), path);
}

/** Reads the configuration from the environment, reporting every bad value at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    if (["1", "true", "yes"].includes(raw)) return true;
    if (["0", "false", "no"].includes(raw)) return false;
    problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  };

  const choice = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(", ")}, got "${raw}"`);
    return fallback;
  };

  const allowedHosts = (env.BAHI_WEBHOOK_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  for (const entry of allowedHosts.filter((h) => !parseAllowedHost(h))) {
    problems.push(
      `BAHI_WEBHOOK_ALLOWED_HOSTS entries must be hosts, addresses or CIDR ranges, got "${entry}"`,
    );
  }
  let secretKey: Buffer | null = null;
  if (env.BAHI_SECRET_KEY) {
    secretKey = Buffer.from(env.BAHI_SECRET_KEY, "base64");
    if (secretKey.length !== 32 || secretKey.toString("base64") !== env.BAHI_SECRET_KEY) {
      problems.push("BAHI_SECRET_KEY must be 32 bytes in base64 (`openssl rand -base64 32`)");
    }
  }

  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a PostgreSQL URL starting with "postgres://" or "postgresql://"');
  }
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !isRedisUrl(redisUrl)) {
    problems.push(
      'REDIS_URL must be a Redis URL starting with "redis://" or "rediss://", e.g. redis://127.0.0.1:6379',
    );
  }
  const rateLimit = choice(
    "BAHI_RATE_LIMIT",
    ["memory", "redis", "off"] as const,
    redisUrl ? "redis" : "memory",
  );
  if (rateLimit === "redis" && !redisUrl) problems.push("BAHI_RATE_LIMIT=redis needs REDIS_URL");
  const logLevel = (env.LOG_LEVEL || "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}"`);
  }
  const speedOff = (env.BAHI_SPEED_OFF ?? "").split(",").filter(Boolean);
  for (const piece of speedOff.filter((p) => !(SPEED_PIECES as readonly string[]).includes(p))) {
    problems.push(`BAHI_SPEED_OFF names pieces of speed/ (${SPEED_PIECES.join(", ")}), got "${piece}"`);
  }
  const smtpUrl = env.BAHI_SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    problems.push(
      'BAHI_SMTP_URL must start with "smtp://" or "smtps://", e.g. smtp://user:pass@mail.example.in:587',
    );
  }
  const publicUrl = env.BAHI_PUBLIC_URL || null;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl)) {
    problems.push('BAHI_PUBLIC_URL must be an origin such as "https://bahi.example.in", without a path');
  }
  const host = env.HOST || "127.0.0.1";
  if (!isHost(host)) {
    problems.push(`HOST must be an IP address or a host name, e.g. 0.0.0.0 or 127.0.0.1, got "${host}"`);
  }
  const config: Config = {
    port: integer("PORT", DEFAULT_PORT, 0, 65_535),
    host,
    databaseUrl,
    dataDir: callerPath(env.BAHI_DATA_DIR || ".bahi", env),
    poolSize: integer("BAHI_DB_POOL_SIZE", DEFAULT_POOL_SIZE, MIN_POOL_SIZE, 1_000),
    logLevel,
    shutdownTimeoutMs: integer("BAHI_SHUTDOWN_TIMEOUT_MS", DEFAULT_SHUTDOWN_TIMEOUT_MS, 0, 600_000),
    demo: flag("BAHI_DEMO", databaseUrl === null),
    rateLimit,
    redisUrl,
    worker: choice("BAHI_WORKER", ["on", "off"] as const, "on"),
    webhookAllowedHosts: allowedHosts,
    secretKey,
    speedOff: new Set(speedOff as SpeedPiece[]),
    einvoiceWaitMs: integer("BAHI_EINVOICE_WAIT_MS", EINVOICE_WAIT_MS, 0, 60_000),
    smtpUrl,
    publicUrl,
    accessTokenLifetimeSeconds: integer(
      "BAHI_OAUTH_ACCESS_TOKEN_SECONDS",
      ACCESS_TOKEN_LIFETIME_SECONDS,
      1,
      MAX_ACCESS_TOKEN_LIFETIME_SECONDS,
    ),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
