import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { Database } from "./db/client.js";
import { createGraphql, type GraphRequest } from "./graphql/yoga.js";
import { type AppDeps, mountAppOperations } from "./http/app-router.js";
import { clientAddress } from "./http/client-address.js";
import { type AppEnv, requestLogger } from "./http/context.js";
import type { RateLimiter } from "./http/rate-limit.js";
import { addRequestHeaders, jsonResponse } from "./http/response.js";
import { allowedMethods, mountOperations } from "./http/router.js";
import { answerDeadline } from "./http/timeouts.js";
import { mountPages } from "./pages/index.js";
import { appHandlers } from "./routes/app/index.js";
import { answersWithSecret, commitsAlone, handlers, pointReads } from "./routes/index.js";
import { mountOAuthEndpoints } from "./routes/oauth/index.js";
import type { OAuthRateLimits } from "./routes/oauth/rate-limits.js";
import { type Authentication, authenticate } from "./services/accounts/authenticate.js";
import type { Services } from "./services/index.js";
import { newId } from "./values/ids.js";
import { ApiError, PROBLEM_CONTENT_TYPE } from "./values/problem.js";
import {
  DATABASE_RETRY_AFTER_S,
  isDatabaseUnavailable,
  isStorageFull,
  rootReason,
  STORAGE_RETRY_AFTER_S,
} from "./values/unavailable.js";

export interface AppOptions {
  readonly db: Database;
  readonly services: Services;
  readonly logger: Logger;
  /** Null when the operator turned rate limiting off (benchmarks): no limits, no headers. */
  readonly rateLimiter: RateLimiter | null;
  /** The OAuth endpoints' budgets, counted in `rateLimiter` (off with it). */
  readonly oauthRateLimits: OAuthRateLimits;
  /** Whether the database is reachable and migrated, for `/readyz`. */
  readonly isReady: () => Promise<boolean>;
  readonly openapiJson: string;
  readonly docsHtml: string;
  /** The application at /app: its operations (spec/app) and pages. */
  readonly application: AppDeps;
  /** ANSWER_TIMEOUT_MS, or a test's own. */
  readonly answerTimeoutMs: number;
  /** Told of work that goes on after its request was answered 503 `timeout`. */
  readonly outliving: (work: Promise<unknown>) => void;
}

function problem(c: Context<AppEnv>, error: ApiError): Response {
  return jsonResponse(c, error.status, JSON.stringify(error.toProblem(c.get("requestId"))), {
    "Content-Type": PROBLEM_CONTENT_TYPE,
    ...error.extras.headers,
  });
}

/** GraphQL's 401: the REST problem as a GraphQL error, for a request without a valid API key. */
function graphqlUnauthorized(c: Context<AppEnv>, auth: Authentication): Response {
  const failure =
    "failure" in auth
      ? auth.failure
      : new ApiError(401, "missing_api_key", "Send an API key as `Authorization: Bearer sk_test_…`.");
  const body = {
    errors: [
      {
        message: failure.detail,
        extensions: { code: "UNAUTHENTICATED", problem: { status: 401, code: failure.code } },
      },
    ],
  };
  return jsonResponse(c, 401, JSON.stringify(body), {
    "Content-Type": "application/graphql-response+json",
    // A bearer token's refusal is RFC 6750's, as at /v1.
    ...failure.extras.headers,
  });
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const { db, services, logger, rateLimiter } = options;
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const requestId = newId("request");
    const started = performance.now();
    c.set("requestId", requestId);
    c.set("logger", logger);
    await next();
    addRequestHeaders(c);
    if (!logger.isLevelEnabled("info")) return;
    const auth = c.get("auth");
    logger.info(
      {
        request_id: requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        ...(auth && "principal" in auth
          ? {
              account_id: auth.principal.accountId,
              livemode: auth.principal.livemode,
              key_id: auth.principal.keyId,
            }
          : {}),
      },
      "request",
    );
  });

  const authenticated: MiddlewareHandler<AppEnv> = async (c, next) => {
    // The application's pages call /v1 in-process with the signed-in member's principal.
    const member = c.env?.principal;
    const auth = member
      ? { principal: member }
      : await authenticate(db, services.keyCache, c.req.header("authorization"), new Date());
    c.set("auth", auth);
    if (rateLimiter) {
      // An OAuth app has a budget of its own in each account, so that it cannot spend the account's.
      const key =
        "principal" in auth
          ? `${auth.principal.appId ? `app:${auth.principal.appId}:` : ""}account:${auth.principal.accountId}:${auth.principal.livemode ? "live" : "test"}`
          : `address:${clientAddress(c)}`;
      const plan = "principal" in auth ? auth.principal.plan : null;
      const outcome = await rateLimiter.consume(key, plan, Date.now());
      c.set("rateLimitHeaders", outcome.headers);
      if (!outcome.allowed) {
        throw new ApiError(429, "rate_limited", "Too many requests; retry after the time in Retry-After.");
      }
    }
    await next();
  };
  // Ahead of authentication, which reads the database too.
  app.use("/v1/*", answerDeadline(options.answerTimeoutMs, options.outliving));
  app.use("/v1/*", authenticated);
  app.use("/graphql", authenticated);

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) =>
    (await options.isReady()) ? c.json({ status: "ready" }) : c.json({ status: "unavailable" }, 503),
  );
  app.get("/openapi.json", (c) => c.body(options.openapiJson, 200, { "Content-Type": "application/json" }));
  app.get("/docs", (c) => c.html(options.docsHtml));

  const routerDeps = {
    writes: { db, reads: services.pointReads, box: services.webhooks.box },
    reads: db,
    pointReads: services.pointReads,
  };
  const routes = mountOperations(
    app,
    { handlers, pointReads, answersWithSecret, commitsAlone },
    routerDeps,
    services,
  );

  mountPages(app, options.application);
  mountAppOperations(app, appHandlers, options.application);
  mountOAuthEndpoints(
    app,
    options.application,
    rateLimiter ? { limiter: rateLimiter, limits: options.oauthRateLimits } : null,
  );

  const graphql = createGraphql(
    { router: routerDeps, services, sets: { pointReads, answersWithSecret, commitsAlone } },
    // The query-cost bucket is a rate limit: off when the operator turned rate limiting off.
    // With Redis, the buckets are shared as the request counts are.
    { throttle: rateLimiter !== null, redis: rateLimiter?.redis ?? null },
  );
  app.on(["GET", "POST"], "/graphql", async (c) => {
    const auth = c.get("auth");
    const wantsPage = c.req.method === "GET" && (c.req.header("accept") ?? "").includes("text/html");
    if (!("principal" in auth) && !wantsPage) return graphqlUnauthorized(c, auth);
    const missingScopes = new Set<string>();
    const answer = await graphql.fetch(c.req.raw, {
      auth: auth as GraphRequest["auth"],
      requestId: c.get("requestId"),
      missingScopes,
    });
    // Fields refused for a bearer token's scopes leave the rest of the answer (200), which names
    // the scopes that would have answered them as /v1's 403 does (RFC 6750, RFC 9110 §11.6.1).
    if (missingScopes.size > 0 && "principal" in auth && auth.principal.bearerToken) {
      answer.headers.set(
        "WWW-Authenticate",
        `Bearer error="insufficient_scope", scope="${[...missingScopes].sort().join(" ")}"`,
      );
    }
    return answer;
  });

  app.notFound((c) => {
    const allowed = allowedMethods(routes, c.req.path);
    if (allowed.length > 0) {
      return problem(
        c,
        new ApiError(405, "method_not_allowed", `${c.req.method} is not allowed on ${c.req.path}.`, {
          headers: { Allow: allowed.join(", ") },
        }),
      );
    }
    return problem(c, new ApiError(404, "route_not_found", `No route ${c.req.method} ${c.req.path}.`));
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return problem(c, error);
    if (isStorageFull(error)) {
      // The operator's to fix: logged as an error, while the client is told to come back.
      requestLogger(c).error({ code: "53100", reason: rootReason(error) }, "database storage full");
      return problem(
        c,
        new ApiError(
          503,
          "storage_full",
          `The database's disk is full: nothing was written. Retry in ${STORAGE_RETRY_AFTER_S} seconds with the same Idempotency-Key.`,
          { headers: { "Retry-After": String(STORAGE_RETRY_AFTER_S) } },
        ),
      );
    }
    if (isDatabaseUnavailable(error)) {
      requestLogger(c).warn({ err: error }, "database unavailable");
      return problem(
        c,
        new ApiError(
          503,
          "database_unavailable",
          `The database is not reachable at the moment. Retry in ${DATABASE_RETRY_AFTER_S} seconds with the same Idempotency-Key: a write that did commit is then answered as it was.`,
          { headers: { "Retry-After": String(DATABASE_RETRY_AFTER_S) } },
        ),
      );
    }
    requestLogger(c).error({ err: error }, "unhandled error");
    return problem(c, new ApiError(500, "internal_error", "An unexpected error occurred."));
  });

  return app;
}
