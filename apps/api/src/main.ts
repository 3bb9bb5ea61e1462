import { ConfigError, loadConfig } from "./config.js";
import { DataDirInUseError } from "./db/data-dir-lock.js";
import { StatisticsKeeper } from "./db/statistics.js";
import { seedDemoAccount } from "./demo.js";
import { createLogger } from "./logger.js";
import { openRuntime } from "./runtime.js";
import { startServer } from "./server.js";
import { ImportWorker } from "./services/product-imports/worker.js";
import { AddressPolicy } from "./webhooks/address-policy.js";
import { startWorker } from "./webhooks/worker.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const runtime = await openRuntime(config, "bahi api server");
  const demo = config.demo ? await runtime.handle.db.transaction((tx) => seedDemoAccount(tx)) : null;
  const server = await startServer({
    db: runtime.handle.db,
    lanes: runtime.handle.lanes,
    pointReads: runtime.handle.pointReads,
    logger,
    port: config.port,
    host: config.host,
    isReady: runtime.isReady,
    ...(config.rateLimit === "off" ? { rateLimits: null } : {}),
    redisUrl: config.rateLimit === "redis" ? config.redisUrl : null,
    webhookPolicy: new AddressPolicy(config.webhookAllowedHosts),
    secretKey: config.secretKey,
  });
  const worker = config.worker === "on" ? await startWorker(runtime.handle, config, logger) : null;
  const importer = config.worker === "on" ? new ImportWorker(runtime.handle.db, logger) : null;
  importer?.start();
  const statistics = new StatisticsKeeper(runtime.handle.db, logger);
  statistics.start();
  if (demo) {
    // The secret is printed once to the terminal, on purpose and outside the log stream.
    process.stdout.write(
      `\nBahi is running at ${server.url}\n` +
        `Demo account ${demo.accountId} created with a test key (shown once, keep it):\n\n` +
        `  export BAHI_API_KEY=${demo.testKey}\n` +
        `  curl ${server.url}/v1/account -H "Authorization: Bearer $BAHI_API_KEY"\n\n` +
        `Lost it? pnpm bahi keys create --account ${demo.accountId} --mode test --scopes '*'\n\n`,
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
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    await Promise.all([
      server.close(config.shutdownTimeoutMs),
      worker?.stop(),
      importer?.stop(),
      statistics.stop(),
    ]);
    await runtime.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `bahi failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
