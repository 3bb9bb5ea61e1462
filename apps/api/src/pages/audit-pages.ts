// biome-ignore-all lint/suspicious/noExplicitAny: pages render /v1 answers, which the router built from the contract's types and tests check against the spec.
import { enums } from "@bahi/contract";
import { isValidDate } from "@bahi/gst";
import { html } from "hono/html";
import type { Route } from "./form.js";
import { page, when } from "./layout.js";
import { problemText } from "./v1.js";

/** Entries on one page of the log. */
const AUDIT_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;

/** The page's filters as its URL carries them, so that a filtered log can be shared as a link. */
interface AuditPageFilters {
  readonly action: string;
  /** Days as the business reads them (India time), both included. */
  readonly from: string;
  readonly to: string;
}

function filtersOf(url: string): AuditPageFilters {
  const query = new URL(url).searchParams;
  return { action: query.get("action") ?? "", from: query.get("from") ?? "", to: query.get("to") ?? "" };
}

/** Midnight in India (UTC+05:30) at the start of a `YYYY-MM-DD` day. */
const istMidnight = (date: string) => new Date(`${date}T00:00:00+05:30`);

/**
 * GET /v1/audit_entries's query for the filters: India days become the instants /v1 takes, the
 * `to` day included. A field that is not a date is the person's to correct, in the page's words.
 */
function v1QueryOf(filters: AuditPageFilters, startingAfter: string | null): URLSearchParams | string {
  for (const [label, value] of [
    ["From", filters.from],
    ["To", filters.to],
  ] as const) {
    if (value && !isValidDate(value)) return `${label} must be a date (YYYY-MM-DD), not "${value}".`;
  }
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (filters.action) query.set("action", filters.action);
  if (filters.from) query.set("created_gte", istMidnight(filters.from).toISOString());
  if (filters.to) query.set("created_lt", new Date(istMidnight(filters.to).getTime() + DAY_MS).toISOString());
  if (startingAfter) query.set("starting_after", startingAfter);
  return query;
}

const filterForm = (filters: AuditPageFilters) => html`
<form method="get" action="/app/audit-log" class="panel" role="search" aria-label="Filter the audit log">
<label for="f-action">Action</label><select id="f-action" name="action"><option value="">Any action</option>${enums.AuditAction.map((a) => html`<option value="${a}"${a === filters.action ? " selected" : ""}>${a}</option>`)}</select>
<label for="f-from">From</label><input id="f-from" name="from" type="date" value="${filters.from}">
<label for="f-to">To</label><input id="f-to" name="to" type="date" value="${filters.to}">
<p><button type="submit">Filter</button> <a href="/app/audit-log">Clear</a></p>
</form>`;

/** The next page's link: the same filters, from the last entry shown. */
function nextLink(filters: AuditPageFilters, body: any) {
  if (!body.has_more) return "";
  const next = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) next.set(name, value);
  next.set("starting_after", body.next_cursor);
  return html`<p><a href="/app/audit-log?${next.toString()}">Next page</a></p>`;
}

/** The audit log, through GET /v1/audit_entries: its filters, scope and use case. */
export function mountAuditPages(route: Route): void {
  route("GET", "/app/audit-log", async (c, s) => {
    const filters = filtersOf(c.req.url);
    const form = filterForm(filters);
    const query = v1QueryOf(filters, new URL(c.req.url).searchParams.get("starting_after"));
    if (typeof query === "string") return page(c, s.state, "Audit log", form, { kind: "error", text: query });
    const log = await s.v1("GET", `/v1/audit_entries?${query.toString()}`);
    if (log.status === 403) {
      return page(c, s.state, "Audit log", html``, {
        kind: "error",
        text: "Your role may not read the audit log.",
      });
    }
    if (log.status !== 200) {
      return page(c, s.state, "Audit log", form, { kind: "error", text: problemText(log) });
    }
    const filtered = Boolean(filters.action || filters.from || filters.to);
    return page(
      c,
      s.state,
      "Audit log",
      html`${form}
${
  log.body.data.length === 0
    ? html`<p>${filtered ? "No entries match these filters." : "No entries yet."}</p>`
    : html`<table><caption class="sr-only">Audit log</caption>
<thead><tr><th scope="col">When</th><th scope="col">Action</th><th scope="col">By</th><th scope="col">Target</th><th scope="col">Mode</th><th scope="col">Address</th></tr></thead>
<tbody>${log.body.data.map(
        (e: any) =>
          html`<tr><td>${when(e.created_at)}</td><td><code>${e.action}</code></td><td>${e.actor.email ?? e.actor.id ?? e.actor.type}</td><td><code>${e.target_id ?? "—"}</code></td><td>${e.livemode === null ? "—" : e.livemode ? "live" : "test"}</td><td>${e.address ?? "—"}</td></tr>`,
      )}</tbody></table>`
}
${nextLink(filters, log.body)}`,
    );
  });
}
