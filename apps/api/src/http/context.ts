import type { Logger } from "pino";
import type { Authentication } from "../auth/authenticate.js";

/** Values that middleware hands down to later middleware and handlers. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    auth: Authentication;
    rateLimitHeaders: Record<string, string>;
  };
};
