import {
  type Config,
  ConfigError,
  DATABASE_CLOSE_TIMEOUT_MS,
  loadConfig,
  SHUTDOWN_GRACE_MS,
} from "./config.js";
import { DataDirInUseError } from "./db/data-dir-lock.js";
import { EmbeddedDatabaseError } from "./db/pglite-disk.js";
import { seedDemoAccount } from "./demo.js";
import { createLogger, LogOutput } from "./logger.js";
import { openRuntime } from "./runtime.js";
import { type RunningServer, startServer } from "./server.js";
import { ImportWorker } from "./services/imports/worker.js";
import { SIGN_IN_LINK_LIFETIME_HOURS } from "./services/members/members.js";
import { startWorker, webhookPolicyOf } from "./services/webhooks/worker.js";
import { boundHeapGrowth } from "./speed/heap.js";
import { StatementLanes } from "./speed/lanes.js";
import { StatisticsKeeper } from "./speed/statistics.js";
import { settledWithin } from "./values/settled-within.js";

/** A start-up failure the operator fixes outside Bahi: a one-line message, no stack. */
class StartError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Why the server could not listen, naming the variable to change; null for any other failure. */
function listenProblem(error: unknown, { port, host }: Config): StartError | null {
  const code = (error as NodeJS.ErrnoException).code;
  const otherHost = "set HOST to an address of this machine, or 0.0.0.0 for all of them";
  switch (code) {
    case "EADDRINUSE":
      // Not a bad value: the port may be free at the next start.
      return new StartError(
        `PORT ${port} on ${host} is in use by another process: stop it, or set PORT to a free port (0 picks one).`,
        1,
      );
    case "EACCES":
      return new StartError(
        `PORT ${port} needs privileges this process lacks: set PORT to 1024 or above.`,
        2,
      );
    case "EADDRNOTAVAIL":
      return new StartError(`HOST ${host} is not an address of this machine: ${otherHost}.`, 2);
    case "ENOTFOUND":
      return new StartError(`HOST ${host} is not a known host name: ${otherHost}.`, 2);
    case "EAI_AGAIN":
      return new StartError(`HOST ${host} could not be looked up (DNS answered EAI_AGAIN): ${otherHost}.`, 1);
    default:
      return null;
  }
}

async function main(): Promise<void> {
  boundHeapGrowth();
  const config = loadConfig();
  const logs = new LogOutput();
  const logger = createLogger(config.logLevel, logs);
  const runtime = await openRuntime(config, "bahi api server", { log: logger });
  let server: RunningServer;
  try {
    server = await startServer({
      db: runtime.handle.db,
      pointReads: runtime.handle.pointReads,
      logger,
      port: config.port,
      host: config.host,
      isReady: runtime.isReady,
      ...(config.rateLimit === "off" ? { rateLimits: null } : {}),
      redisUrl: config.rateLimit === "redis" ? config.redisUrl : null,
      webhookPolicy: webhookPolicyOf(config),
      secretKey: config.secretKey,
      smtpUrl: config.smtpUrl,
      publicUrl: config.publicUrl,
      accessTokenLifetimeSeconds: config.accessTokenLifetimeSeconds,
      speedOff: config.speedOff,
      einvoiceWaitMs: config.einvoiceWaitMs,
      registrationWorker: config.worker === "on",
      lanes: runtime.handle.sql ? new StatementLanes(runtime.handle.sql, config.poolSize) : null,
    });
  } catch (error) {
    await runtime.close();
    throw listenProblem(error, config) ?? error;
  }
  // Only once the port is ours: a start that fails after the demo account commits would lose its key
  // for good, since the next start finds the database no longer empty.
  const demo = config.demo ? await runtime.handle.db.transaction((tx) => seedDemoAccount(tx)) : null;
  const worker = config.worker === "on" ? await startWorker(runtime.handle, config, logger) : null;
  const importer = config.worker === "on" ? new ImportWorker(runtime.handle.db, logger) : null;
  importer?.start();
  const statistics = new StatisticsKeeper(runtime.handle.db, logger);
  statistics.start();
  // Before anything says the server is up: a SIGTERM that arrives once a supervisor (or a test) has
  // read that, but before the handlers exist, would kill the process without its shutdown.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // The operator's second signal: whatever the first one still waits on, stop now.
      logger.warn({ signal }, "second stop signal: exiting at once");
      await logs.close(100);
      process.exit(1);
    }
    stopping = true;
    // A hard deadline, whatever the steps below wait on (a pool, a worker, a log reader).
    setTimeout(() => {
      logger.error({ deadline_ms: config.shutdownTimeoutMs + SHUTDOWN_GRACE_MS }, "shutdown deadline passed");
      process.exit(1);
    }, config.shutdownTimeoutMs + SHUTDOWN_GRACE_MS).unref();
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // The workers' stops wait for their statements, which a database that no longer answers (a lock
    // held elsewhere, a connection the driver never fails) would hold for ever: past the timeout, the
    // database is closed under them, which fails those statements. The HTTP server bounds its own.
    const [, drained] = await Promise.all([
      server.close(config.shutdownTimeoutMs),
      settledWithin(
        Promise.all([worker?.stop(), importer?.stop(), statistics.stop()]),
        config.shutdownTimeoutMs,
      ),
    ]);
    if (!drained) {
      logger.error(
        { timeout_ms: config.shutdownTimeoutMs },
        "work was still waiting on the database at the shutdown timeout: closing the database under it",
      );
    }
    const closed = await settledWithin(runtime.close(), DATABASE_CLOSE_TIMEOUT_MS);
    if (!closed)
      logger.error({ timeout_ms: DATABASE_CLOSE_TIMEOUT_MS }, "the database did not close in time");
    logger.info("stopped");
    await logs.close();
    process.exit(drained && closed ? 0 : 1);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  if (demo) {
    // The secret is printed once to the terminal, on purpose and outside the log stream.
    process.stdout.write(
      `\nBahi is running at ${server.url}\n` +
        `Demo account ${demo.accountId} created with a test key (shown once, keep it):\n\n` +
        `  export BAHI_API_KEY=${demo.testKey}\n` +
        `  curl ${server.url}/v1/account -H "Authorization: Bearer $BAHI_API_KEY"\n\n` +
        `Lost it? pnpm bahi keys create --account ${demo.accountId} --mode test --scopes '*'\n\n` +
        `The application, as the demo owner (a one-time link, for ${SIGN_IN_LINK_LIFETIME_HOURS} hours):\n\n` +
        `  ${server.url}/app/sign-in-link#${demo.signInToken}\n\n`,
    );
  }
  logger.info(
    {
      url: server.url,
      database: runtime.handle.driver,
      webhook_worker: config.worker,
      data_dir: config.databaseUrl ? undefined : config.dataDir,
    },
    "listening",
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  if (error instanceof StartError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(error.exitCode);
  }
  if (error instanceof EmbeddedDatabaseError) {
    // Its own words say what to do (free space under the data directory); the stack would not.
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  if ((error as { code?: unknown })?.code === "ENOSPC") {
    // A disk with no byte free fails before PGlite opens: on the data directory's lock file.
    process.stderr.write(
      `bahi could not start: no space left on the disk (${String(error)}). Free space on it and start again.\n`,
    );
    process.exit(1);
  }
  process.stderr.write(
    `bahi failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
