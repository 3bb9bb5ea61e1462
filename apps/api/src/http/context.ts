import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { Authentication } from "../auth/authenticate.js";

/** Values that middleware hands down to later middleware and handlers. */
export type AppEnv = {
  /** What @hono/node-server passes in: the request as Node received it. */
  Bindings: { incoming: IncomingMessage };
  Variables: {
    requestId: string;
    logger: Logger;
    auth: Authentication;
    rateLimitHeaders: Record<string, string>;
  };
};
