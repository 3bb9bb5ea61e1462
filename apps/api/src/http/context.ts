import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { Logger } from "pino";
import type { Authentication } from "../services/accounts/authenticate.js";
import type { Principal } from "../services/accounts/principal.js";

/** Values that middleware hands down to later middleware and handlers. */
export type AppEnv = {
  /** What @hono/node-server passes in: the request as Node received it. */
  Bindings: {
    incoming: IncomingMessage;
    /**
     * Set only by the application's pages when they call /v1 in-process on behalf of a signed-in
     * member (http/in-process.ts); no client can set it.
     */
    principal?: Principal;
  };
  Variables: {
    requestId: string;
    /** The process's logger: `requestLogger` gives the request's own. */
    logger: Logger;
    auth: Authentication;
    rateLimitHeaders: Record<string, string>;
  };
};

/**
 * The request's logger, its lines tagged with the request's id. Made only when a line is written:
 * most requests log nothing, and a pino child made for each would cost about half a microsecond.
 */
export function requestLogger(c: Context<AppEnv>): Logger {
  return c.get("logger").child({ request_id: c.get("requestId") });
}
