import { appOperationList, type appOperations } from "@bahi/contract/app";
import type { Context, Hono } from "hono";
import type { Database } from "../db/client.js";
import type { Mailer } from "../mail/mailer.js";
import type { SecretBox } from "../secrets/secret-box.js";
import type { KeyCache } from "../services/accounts/authenticate.js";
import { hasScopes, type Principal } from "../services/accounts/principal.js";
import {
  findSession,
  type MemberSession,
  principalOfSession,
  signedOut,
} from "../services/members/sessions.js";
import { ApiError } from "../values/problem.js";
import { clientAddress } from "./client-address.js";
import type { AppEnv } from "./context.js";
import { inputOf } from "./router.js";
import {
  CSRF_HEADER,
  checkCsrfToken,
  checkSameSite,
  clearSessionCookie,
  sessionToken,
  setSessionCookie,
} from "./session-cookie.js";

/** What the application's operations reach: the database, the box for TOTP secrets, the mailer. */
export interface AppDeps {
  readonly db: Database;
  readonly box: SecretBox;
  readonly mailer: Mailer;
  /** BAHI_PUBLIC_URL: the origin written into emailed links; else the request's own. */
  readonly publicUrl: string | null;
  /** /v1's cache of keys and tokens, cleared when a member revokes a token. */
  readonly keyCache: KeyCache;
  /** The scopes some /v1 operation requires: what a personal access token may be given. */
  readonly knownScopes: ReadonlySet<string>;
  /** How long an OAuth access token lasts (BAHI_OAUTH_ACCESS_TOKEN_SECONDS). */
  readonly accessTokenLifetimeSeconds: number;
}

type JsonBody<K extends keyof appOperations> = appOperations[K] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : undefined;
type Query<K extends keyof appOperations> = appOperations[K] extends { parameters: { query?: infer Q } }
  ? [NonNullable<Q>] extends [never]
    ? Record<string, never>
    : NonNullable<Q>
  : Record<string, never>;

export interface AppContext {
  readonly deps: AppDeps;
  readonly now: Date;
  readonly address: string;
  /** The origin for emailed links. */
  readonly origin: string;
  /** The signed-in session, for operations behind the `session` scheme. */
  readonly found: MemberSession | null;
  readonly token: string | undefined;
  readonly principal: Principal | null;
  /** Sets the session cookie to a new token, or clears it (null). */
  cookie(token: string | null): void;
}

export interface AppReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type AppHandler<K extends keyof appOperations> = (
  input: { path: Record<string, string>; query: Query<K>; body: JsonBody<K> },
  ctx: AppContext,
) => Promise<AppReply>;
export type AppHandlers = { [K in keyof appOperations]: AppHandler<K> };

function requireSession(op: (typeof appOperationList)[number], found: MemberSession | null): MemberSession {
  if (!found) throw signedOut();
  const pending = found.session.secondFactorPending;
  if (op.scheme === "pendingSession" && !pending) {
    throw new ApiError(403, "no_pending_sign_in", "This session has no sign-in waiting for a second factor.");
  }
  if (op.scheme === "session" && pending) {
    throw new ApiError(401, "second_factor_required", "Complete the sign-in with a TOTP or recovery code.", {
      title: "Not signed in",
    });
  }
  return found;
}

/** The context of an application operation, for its router and for the pages that call its handlers. */
export function appContextOf(
  c: Context,
  deps: AppDeps,
  found: MemberSession | null,
  token: string | undefined,
  now = new Date(),
): AppContext {
  return {
    deps,
    now,
    address: clientAddress(c),
    origin: deps.publicUrl ?? new URL(c.req.url).origin,
    found,
    token,
    principal: found ? principalOfSession(found) : null,
    cookie: (next) => (next ? setSessionCookie(c, next) : clearSessionCookie(c)),
  };
}

/** Mounts the application's contract (spec/app) under /app/api: sessions, CSRF, roles, validation. */
export function mountAppOperations(app: Hono<AppEnv>, handlers: AppHandlers, deps: AppDeps): void {
  for (const op of appOperationList) {
    const handler = handlers[op.operationId as keyof appOperations] as AppHandler<keyof appOperations>;
    app.on(op.method, op.path.replace(/\{([^}]+)\}/g, ":$1"), async (c: Context<AppEnv>) => {
      const now = new Date();
      const changes = op.method !== "GET";
      if (changes) checkSameSite(c);
      const token = sessionToken(c);
      let found: MemberSession | null = null;
      if (op.scheme !== null) {
        found = requireSession(op, token ? await findSession(deps.db, token, now) : null);
        if (changes && token) checkCsrfToken(c.req.header(CSRF_HEADER), token);
        const principal = principalOfSession(found);
        if (op.scopes && op.scopes.length > 0 && !hasScopes(principal, op.scopes)) {
          throw new ApiError(403, "insufficient_role", `Your role (${found.role}) may not do this.`, {
            title: "Not allowed for your role",
          });
        }
      }
      const input = await inputOf(c, op);
      const reply = await handler(input as never, appContextOf(c, deps, found, token, now));
      if (reply.body === undefined) return c.body(null, reply.status as 204, reply.headers);
      // Through c.body, not jsonResponse: the cookie set above joins the answer's headers.
      return c.body(JSON.stringify(reply.body), reply.status as 200, {
        ...reply.headers,
        "Content-Type": "application/json",
      });
    });
  }
}
