import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { csrfTokenOf, sameText } from "../secrets/link-tokens.js";
import { SESSION_LIFETIME_HOURS } from "../services/members/sessions.js";
import { ApiError } from "../values/problem.js";

/** The session cookie's name (spec/app: the `session` security scheme). */
export const SESSION_COOKIE = "bahi_session";
/** The header, or form field, that carries a session's CSRF token. */
export const CSRF_HEADER = "x-csrf-token";
export const CSRF_FIELD = "_csrf";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** Secure everywhere but on loopback, where development runs on plain http. */
export function isLoopback(c: Context): boolean {
  return LOOPBACK.test(new URL(c.req.url).hostname);
}

export function sessionToken(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLoopback(c),
    path: "/",
    maxAge: SESSION_LIFETIME_HOURS * 3600,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "Lax", secure: !isLoopback(c) });
}

const csrfFailed = (detail: string) =>
  new ApiError(403, "csrf_failed", detail, { title: "Cross-site request refused" });

/**
 * Refuses a state-changing request that another site made: by the browser's Sec-Fetch-Site, else by
 * Origin against the Host it was sent to. Browsers set both on cross-site requests; other clients
 * (curl, tests) set neither and pass, as they carry no ambient cookie to abuse.
 */
export function checkSameSite(c: Context): void {
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    throw csrfFailed(`A ${site} request cannot change anything here.`);
  }
  const origin = c.req.header("origin");
  if (origin && origin !== "null") {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {}
    if (host !== c.req.header("host")) throw csrfFailed("The request's Origin is not this server.");
  } else if (origin === "null") {
    throw csrfFailed("A request from an opaque origin cannot change anything here.");
  }
}

/** The double-submit check: the token sent must be the session's, compared in constant time. */
export function checkCsrfToken(sent: string | undefined, token: string): void {
  if (!sent || !sameText(sent, csrfTokenOf(token))) {
    throw csrfFailed("Send the session's csrf_token as X-CSRF-Token.");
  }
}
