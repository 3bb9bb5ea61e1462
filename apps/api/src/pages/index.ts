import type { Context, Hono } from "hono";
import { type AppContext, type AppDeps, appContextOf } from "../http/app-router.js";
import type { AppEnv } from "../http/context.js";
import { CSRF_FIELD, checkCsrfToken, checkSameSite, sessionToken } from "../http/session-cookie.js";
import { csrfTokenOf } from "../secrets/link-tokens.js";
import type { Principal } from "../services/accounts/principal.js";
import { findSession, principalOfSession } from "../services/members/sessions.js";
import { APP_CSS, APP_JS } from "./assets.js";
import { mountAuditPages } from "./audit-pages.js";
import { mountDevicePages } from "./device-pages.js";
import { mountDocumentPages } from "./document-pages.js";
import { mountGstr1Pages } from "./gstr1-pages.js";
import { mountImportPages } from "./import-pages.js";
import { type PageState, SECURITY_HEADERS } from "./layout.js";
import { mountOAuthPages, returnPathOf } from "./oauth-pages.js";
import { mountSessionPages } from "./session-pages.js";
import { mountSettingsPages } from "./settings-pages.js";
import { mountTokenPages } from "./token-pages.js";
import { callV1, type V1Answer } from "./v1.js";

/** What a signed-in page has: its state for the layout, the member's principal, /v1 in-process. */
export interface SignedIn {
  readonly state: PageState;
  readonly principal: Principal;
  /** The submitted form of a POST, its CSRF token checked. */
  readonly form: Record<string, string | File>;
  /** For the application's own handlers (members, sessions, tokens). */
  readonly ctx: AppContext;
  v1(method: string, path: string, body?: unknown): Promise<V1Answer>;
}

export type PageHandler = (c: Context<AppEnv>, signedIn: SignedIn) => Promise<Response> | Response;

/** Routes a page that needs a signed-in member: others are sent to sign in; POSTs must carry the CSRF token. */
export function signedInPage(app: Hono<AppEnv>, deps: AppDeps) {
  return (method: "GET" | "POST", path: string, handler: PageHandler) => {
    app.on(method, path, async (c) => {
      const token = sessionToken(c);
      const found = token ? await findSession(deps.db, token, new Date()) : null;
      if (!found || !token) {
        // An app's authorization request, or a device's code, is resumed after sign-in; other pages start at /app.
        const here = new URL(c.req.url);
        const next = method === "GET" ? returnPathOf(`${here.pathname}${here.search}`) : null;
        return c.redirect(next ? `/app/sign-in?next=${encodeURIComponent(next)}` : "/app/sign-in", 303);
      }
      if (found.session.secondFactorPending) return c.redirect("/app/sign-in/code", 303);
      let form: Record<string, string | File> = {};
      if (method === "POST") {
        checkSameSite(c);
        form = (await c.req.parseBody()) as Record<string, string | File>;
        const sent = form[CSRF_FIELD];
        checkCsrfToken(typeof sent === "string" ? sent : undefined, token);
      }
      const principal = principalOfSession(found);
      return handler(c, {
        state: { found, csrf: csrfTokenOf(token), path: new URL(c.req.url).pathname },
        principal,
        form,
        ctx: appContextOf(c, deps, found, token),
        v1: (m, p, body) => callV1(app, principal, m, p, body),
      });
    });
  };
}

/** The application's pages at /app, and their one script and stylesheet. */
export function mountPages(app: Hono<AppEnv>, deps: AppDeps): void {
  // Every answer under /app carries the application's security headers, errors included.
  const secure = async (c: Context, next: () => Promise<void>) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
  app.use("/app", secure);
  app.use("/app/*", secure);
  app.get("/app/assets/app.css", (c) =>
    c.body(APP_CSS, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "max-age=300" }),
  );
  app.get("/app/assets/app.js", (c) =>
    c.body(APP_JS, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "max-age=300" }),
  );
  mountSessionPages(app, deps);
  const route = signedInPage(app, deps);
  mountSettingsPages(route);
  mountDocumentPages(route);
  mountGstr1Pages(route);
  mountImportPages(route);
  mountOAuthPages(route, deps);
  mountDevicePages(route, deps);
  mountTokenPages(route);
  mountAuditPages(route);
}
