import type { Context } from "hono";
import type { AppEnv } from "./context.js";

/** Answers that already carry the request's own headers (its id, its rate-limit state). */
const headed = new WeakSet<Response>();

function requestHeaders(c: Context<AppEnv>): Record<string, string> {
  return { "X-Request-Id": c.get("requestId"), ...c.get("rateLimitHeaders") };
}

/**
 * A JSON answer with all its headers in one plain object. @hono/node-server writes such an answer
 * straight to the socket; a header added afterwards, or through `c.header`, makes it build a
 * `Headers` object and copy it out again.
 */
export function jsonResponse(
  c: Context<AppEnv>,
  status: number,
  json: string | Buffer,
  headers: Record<string, string> = {},
): Response {
  const response = new Response(json, {
    status,
    headers: { "Content-Type": "application/json", ...headers, ...requestHeaders(c) },
  });
  headed.add(response);
  return response;
}

/** Adds the request's own headers to an answer made without `jsonResponse`. */
export function addRequestHeaders(c: Context<AppEnv>): void {
  if (headed.has(c.res)) return;
  for (const [name, value] of Object.entries(requestHeaders(c))) c.res.headers.set(name, value);
}
