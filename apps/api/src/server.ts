import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { operationList } from "@bahi/contract";
import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import { readDocsHtml } from "@bahi/docs";
import { createAdaptorServer } from "@hono/node-server";
import type { Logger } from "pino";
import { createApp } from "./app.js";
import { EINVOICE_WAIT_MS, type SpeedPiece } from "./config.js";
import type { Database } from "./db/client.js";
import { NicProviders } from "./einvoice/providers.js";
import { IrpSandbox } from "./einvoice/sandbox.js";
import { RateLimiter, type RateLimits } from "./http/rate-limit.js";
import {
  applySocketTimeouts,
  DEFAULT_TIMEOUTS,
  type HttpTimeouts,
  serverOptionsOf,
} from "./http/timeouts.js";
import { type Mailer, mailerFor } from "./mail/mailer.js";
import { PdfRenderer } from "./printing/pdf-renderer.js";
import { OAUTH_RATE_LIMITS, type OAuthRateLimits } from "./routes/oauth/rate-limits.js";
import { SecretBox } from "./secrets/secret-box.js";
import { KeyCache } from "./services/accounts/authenticate.js";
import { Registrar } from "./services/einvoice/registrar.js";
import { IrpSelections } from "./services/einvoice/selections.js";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "./services/oauth/model.js";
import { AddressPolicy } from "./services/webhooks/address-policy.js";
import { GuessedClaims } from "./speed/guessed-claims.js";
import { IssuedInvoices } from "./speed/issued-invoices.js";
import type { StatementLanes } from "./speed/lanes.js";
import { NumberGuesses } from "./speed/number-guesses.js";
import { settledWithin } from "./values/settled-within.js";

export interface ServerOptions {
  readonly db: Database;
  /** Pool connections kept as lanes for invoice claims (speed/lanes.ts); by default none. */
  readonly lanes?: StatementLanes | null;
  /** Where point reads are pipelined (DatabaseHandle's); by default `db`. */
  readonly pointReads?: Database;
  readonly logger: Logger;
  readonly port: number;
  readonly host: string;
  readonly isReady: () => Promise<boolean>;
  /** `null` turns rate limiting off. */
  readonly rateLimits?: RateLimits | null;
  /** The OAuth endpoints' budgets; by default OAUTH_RATE_LIMITS. Off when `rateLimits` is null. */
  readonly oauthRateLimits?: OAuthRateLimits;
  /** Counts requests in this Redis, shared by every node using it; by default in this process. */
  readonly redisUrl?: string | null;
  /** Where webhooks may send; by default nowhere private. */
  readonly webhookPolicy?: AddressPolicy;
  /** BAHI_SECRET_KEY; by default a key generated into the database. */
  readonly secretKey?: Buffer | null;
  /** Pieces of speed/ turned off (BAHI_SPEED_OFF), for A/B benchmarks; by default none. */
  readonly speedOff?: ReadonlySet<SpeedPiece>;
  /** How long a create waits for a live IRP's IRN (BAHI_EINVOICE_WAIT_MS); by default EINVOICE_WAIT_MS. */
  readonly einvoiceWaitMs?: number;
  /** Whether this process also works the queue of registrations with live IRPs; by default not. */
  readonly registrationWorker?: boolean;
  /** BAHI_SMTP_URL; by default emailed links go to the log. */
  readonly smtpUrl?: string | null;
  /** BAHI_PUBLIC_URL; by default links name the origin the request came to. */
  readonly publicUrl?: string | null;
  /** BAHI_OAUTH_ACCESS_TOKEN_SECONDS; by default ACCESS_TOKEN_LIFETIME_SECONDS. */
  readonly accessTokenLifetimeSeconds?: number;
  /** Where the application's emails go; by default mailerFor(smtpUrl). Tests catch them here. */
  readonly mailer?: Mailer;
  /** How long clients and answers may take (http/timeouts.ts); by default DEFAULT_TIMEOUTS. */
  readonly timeouts?: Partial<HttpTimeouts>;
}

export interface RunningServer {
  readonly url: string;
  /**
   * Stops accepting connections and answers `/readyz` with 503; lets in-flight requests finish for up
   * to `timeoutMs`, each connection closing once its response is sent, then cuts the rest. It
   * resolves once every handler has ended too (or the time is up), those of clients gone included.
   */
  close(timeoutMs: number): Promise<void>;
}

const knownScopes = new Set(operationList.flatMap((op) => op.scopes ?? []));

async function rateLimiterFor(options: ServerOptions): Promise<RateLimiter | null> {
  if (options.rateLimits === null) return null;
  return options.redisUrl
    ? RateLimiter.inRedis(options.redisUrl, options.logger, options.rateLimits)
    : RateLimiter.inMemory(options.rateLimits);
}

/** Starts listening; rejects when the port or host cannot be listened on (the error's `code` says why). */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const rateLimiter = await rateLimiterFor(options);
  const irp = await IrpSandbox.open(options.db);
  const box = await SecretBox.open(options.db, options.secretKey ?? null);
  const nicProviders = new NicProviders();
  const registrar = new Registrar(options.db, new IrpSelections(irp, nicProviders, box), options.logger);
  if (options.registrationWorker) registrar.start();
  const off = options.speedOff ?? new Set();
  const pdfRenderer = new PdfRenderer();
  let stopping = false;
  const keyCache = new KeyCache();
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // A handler can outlive its connection, when its client gives up waiting, or its answer, when it
  // passed the answer timeout: the stop must wait for the handlers too, or the database closes under
  // them. Their connections alone say nothing of them.
  const handling = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    handling.add(work);
    const done = () => handling.delete(work);
    work.then(done, done);
  };
  const app = createApp({
    db: options.db,
    services: {
      knownScopes,
      irp,
      einvoice: {
        selections: registrar.selections,
        registrar,
        waitMs: options.einvoiceWaitMs ?? EINVOICE_WAIT_MS,
      },
      keyCache,
      claims: off.has("guessed-claims")
        ? null
        : new GuessedClaims(new NumberGuesses(), options.lanes ?? null),
      issuedInvoices: off.has("issued-invoices") ? null : new IssuedInvoices(),
      renderPdf: (input) => pdfRenderer.render(input),
      pointReads: off.has("point-reads") ? options.db : (options.pointReads ?? options.db),
      readsBeside:
        off.has("point-reads") || !options.pointReads || options.pointReads === options.db
          ? null
          : options.pointReads,
      webhooks: {
        policy: options.webhookPolicy ?? new AddressPolicy(),
        box,
      },
    },
    application: {
      db: options.db,
      box,
      mailer: options.mailer ?? mailerFor(options.smtpUrl ?? null, options.logger),
      publicUrl: options.publicUrl ?? null,
      keyCache,
      knownScopes,
      accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? ACCESS_TOKEN_LIFETIME_SECONDS,
    },
    logger: options.logger,
    rateLimiter,
    oauthRateLimits: options.oauthRateLimits ?? OAUTH_RATE_LIMITS,
    // A load balancer stops sending here as soon as the node stops, not when its connections are gone.
    isReady: async () => !stopping && (await options.isReady()),
    openapiJson: JSON.stringify(openapi),
    docsHtml: readDocsHtml(),
    answerTimeoutMs: timeouts.answerMs,
    outliving: track,
  });
  const fetch: typeof app.fetch = (request, env, context) => {
    const answer = Promise.resolve(app.fetch(request, env, context));
    track(answer);
    return answer;
  };
  // Without a createServer of its own, the adaptor's server is node:http's.
  const server = createAdaptorServer({ fetch, serverOptions: serverOptionsOf(timeouts) }) as Server;
  applySocketTimeouts(server, timeouts);
  const inFlight = new Set<ServerResponse>();
  // Ahead of Hono's listener, so that the header is set before any answer is written.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, options.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    rateLimiter?.close();
    await registrar.stop();
    await Promise.all([irp.close(), nicProviders.close(), pdfRenderer.close()]);
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: (timeoutMs) =>
      new Promise<void>((resolve) => {
        stopping = true;
        for (const res of inFlight) {
          // Keep-alive clients learn from the answers in flight that their connection ends with them,
          // and send their next request to another node.
          if (!res.headersSent) res.setHeader("Connection", "close");
          // One already being sent leaves its connection idle once done: that is when it closes.
          else res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
        }
        const deadline = Date.now() + timeoutMs;
        const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
        server.close(() => {
          clearTimeout(timer);
          void settledWithin(Promise.allSettled([...handling]), deadline - Date.now())
            .then(() => {
              rateLimiter?.close();
              return registrar.stop();
            })
            .then(async () => {
              await Promise.all([irp.close(), nicProviders.close(), pdfRenderer.close()]);
            })
            .then(() => resolve());
        });
        server.closeIdleConnections();
      }),
  };
}
