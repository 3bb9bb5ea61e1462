import type { AddressInfo } from "node:net";
import { operationList } from "@bahi/contract";
import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import { readDocsHtml } from "@bahi/docs";
import { serve } from "@hono/node-server";
import type { Logger } from "pino";
import { createApp } from "./app.js";
import { KeyCache } from "./auth/authenticate.js";
import { SecretBox } from "./auth/secret-box.js";
import type { Database } from "./db/client.js";
import { StatementLanes } from "./db/lanes.js";
import { IrpSandbox } from "./einvoice/sandbox.js";
import { RateLimiter, type RateLimits } from "./http/rate-limit.js";
import { IssuedInvoiceCache } from "./services/issued-invoice-cache.js";
import { NumberGuesses } from "./services/number-guesses.js";
import { AddressPolicy } from "./webhooks/address-policy.js";

export interface ServerOptions {
  readonly db: Database;
  /** The database's lanes (DatabaseHandle's); by default none. */
  readonly lanes?: StatementLanes;
  /** Where point reads are pipelined (DatabaseHandle's); by default `db`. */
  readonly pointReads?: Database;
  readonly logger: Logger;
  readonly port: number;
  readonly host: string;
  readonly isReady: () => Promise<boolean>;
  /** `null` turns rate limiting off. */
  readonly rateLimits?: RateLimits | null;
  /** Counts requests in this Redis, shared by every node using it; by default in this process. */
  readonly redisUrl?: string | null;
  /** Where webhooks may send; by default nowhere private. */
  readonly webhookPolicy?: AddressPolicy;
  /** BAHI_SECRET_KEY; by default a key generated into the database. */
  readonly secretKey?: Buffer | null;
}

export interface RunningServer {
  readonly url: string;
  /** Stops accepting connections, lets in-flight requests finish for up to `timeoutMs`, then cuts the rest. */
  close(timeoutMs: number): Promise<void>;
}

const knownScopes = new Set(operationList.flatMap((op) => op.scopes ?? []));

async function rateLimiterFor(options: ServerOptions): Promise<RateLimiter | null> {
  if (options.rateLimits === null) return null;
  return options.redisUrl
    ? RateLimiter.inRedis(options.redisUrl, options.logger, options.rateLimits)
    : RateLimiter.inMemory(options.rateLimits);
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const rateLimiter = await rateLimiterFor(options);
  const app = createApp({
    db: options.db,
    services: {
      knownScopes,
      irp: await IrpSandbox.open(options.db),
      keyCache: new KeyCache(),
      numberGuesses: new NumberGuesses(),
      issuedInvoices: new IssuedInvoiceCache(),
      lanes: options.lanes ?? new StatementLanes(null, 0),
      pointReads: options.pointReads ?? options.db,
      webhooks: {
        policy: options.webhookPolicy ?? new AddressPolicy(),
        box: await SecretBox.open(options.db, options.secretKey ?? null),
      },
    },
    logger: options.logger,
    rateLimiter,
    isReady: options.isReady,
    openapiJson: JSON.stringify(openapi),
    docsHtml: readDocsHtml(),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(s));
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: (timeoutMs) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          if ("closeAllConnections" in server) server.closeAllConnections();
        }, timeoutMs);
        server.close(() => {
          clearTimeout(timer);
          rateLimiter?.close();
          resolve();
        });
        if ("closeIdleConnections" in server) server.closeIdleConnections();
      }),
  };
}
