import type { Context } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { MemberSession } from "../services/members/sessions.js";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * The application's Content-Security-Policy: its own script and stylesheet only, no inline script,
 * never framed, forms only to itself.
 */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export const SECURITY_HEADERS = {
  "Content-Security-Policy": APP_CSP,
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on form posts,
  // which the CSRF check refuses. Emailed tokens sit after "#", which is never sent anyway.
  "Referrer-Policy": "same-origin",
  "Cache-Control": "no-store",
};

const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
});
/** Money in Indian grouping: ₹1,23,456.50. Display only: the API's exact amount, formatted. */
export const money = (amount: number | string | null | undefined) =>
  amount === null || amount === undefined ? "—" : rupees.format(Number(amount));

const dayFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});
const timeFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});
/** A document date (YYYY-MM-DD) as the business reads it: 6 Dec 2026. */
export const day = (date: string | null | undefined) =>
  date ? dayFormat.format(new Date(`${date}T00:00:00+05:30`)) : "—";
/** A timestamp in India time: 6 Dec 2026, 11:30 am. */
export const when = (timestamp: string | null | undefined) =>
  timestamp ? timeFormat.format(new Date(timestamp)) : "—";

const NAV = [
  ["/app", "Business profile"],
  ["/app/invoices", "Invoices"],
  ["/app/credit-notes", "Credit notes"],
  ["/app/payments", "Payments"],
  ["/app/gstr1", "GSTR-1"],
  ["/app/products/import", "Products → Import"],
  ["/app/settings/api", "Settings → API"],
  ["/app/webhooks", "Webhooks"],
  ["/app/members", "Members"],
  ["/app/audit-log", "Audit log"],
  ["/app/authorized-apps", "Authorized apps"],
  ["/app/tokens", "Access tokens"],
  ["/app/security", "Security"],
] as const;

export interface PageState {
  readonly found: MemberSession;
  readonly csrf: string;
  readonly path: string;
}

/** A hidden field with the session's CSRF token, for every form that changes something. */
export const csrfField = (state: Pick<PageState, "csrf">) =>
  html`<input type="hidden" name="_csrf" value="${state.csrf}">`;

export interface Message {
  readonly kind: "notice" | "error";
  readonly text: string;
}

export const messageBox = (message: Message | null | undefined) =>
  message
    ? html`<div class="panel ${message.kind}" role="${message.kind === "error" ? "alert" : "status"}">${message.text}</div>`
    : "";

/** A page of the signed-in application: header with navigation, the test/live switch, sign-out. */
export function page(
  c: Context,
  state: PageState,
  title: string,
  body: Html,
  message?: Message | null,
): Response | Promise<Response> {
  const { found } = state;
  const live = found.session.livemode;
  const document = html`<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Bahi</title>
<link rel="stylesheet" href="/app/assets/app.css">
<link rel="icon" href="data:,">
<script src="/app/assets/app.js" defer></script>
</head>
<body>
<header>
  <a class="brand" href="/app">Bahi</a>
  <nav aria-label="Application">
    ${NAV.map(([href, label]) => html`<a href="${href}"${raw(state.path === href ? ' aria-current="page"' : "")}>${label}</a>`)}
  </nav>
  <div class="who">
    <span class="mode ${live ? "mode-live" : "mode-test"}" data-mode="${live ? "live" : "test"}">${live ? "Live mode" : "Test mode"}</span>
    <form class="inline" method="post" action="/app/mode">
      ${csrfField(state)}
      <input type="hidden" name="livemode" value="${live ? "false" : "true"}">
      <input type="hidden" name="back" value="${state.path}">
      <button type="submit">Switch to ${live ? "test" : "live"}</button>
    </form>
    <span class="muted">${found.member.email} (${found.role})</span>
    <form class="inline" method="post" action="/app/sign-out">
      ${csrfField(state)}
      <button type="submit">Sign out</button>
    </form>
  </div>
</header>
<main>
<h1>${title}</h1>
${messageBox(message)}
${body}
</main>
</body>
</html>`;
  return c.html(document, 200, SECURITY_HEADERS);
}

/** A page without a session: sign-in, links from emails. */
export function plainPage(
  c: Context,
  title: string,
  body: Html,
  message?: Message | null,
  status = 200,
): Response | Promise<Response> {
  const document = html`<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Bahi</title>
<link rel="stylesheet" href="/app/assets/app.css">
<link rel="icon" href="data:,">
<script src="/app/assets/app.js" defer></script>
</head>
<body>
<main class="narrow">
<h1>${title}</h1>
${messageBox(message)}
${body}
</main>
</body>
</html>`;
  return c.html(document, status as 200, SECURITY_HEADERS);
}
