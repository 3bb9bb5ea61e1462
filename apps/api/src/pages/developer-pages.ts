// biome-ignore-all lint/suspicious/noExplicitAny: pages render /v1 answers, which the router built from the contract's types and tests check against the spec.
import { html } from "hono/html";
import { type Route, text } from "./form.js";
import type { PageHandler } from "./index.js";
import { csrfField, type Message, page, when } from "./layout.js";
import { problemText } from "./v1.js";

const SCOPE_CHOICES = [
  "*",
  "account:read",
  "keys:read",
  "keys:write",
  "parties:read",
  "parties:write",
  "products:read",
  "products:write",
  "invoices:read",
  "invoices:write",
  "payments:read",
  "payments:write",
  "credit_notes:read",
  "credit_notes:write",
  "webhooks:read",
  "webhooks:write",
  "events:read",
  "gstr:read",
];
const EVENT_CHOICES = [
  "invoice.created",
  "invoice.cancelled",
  "invoice.paid",
  "invoice.partially_paid",
  "payment.created",
  "credit_note.created",
  "party.created",
  "product.created",
  "product.updated",
  "product.stock_low",
];

/** Settings → API (keys) and Webhooks. */
export function mountDeveloperPages(route: Route): void {
  const keys: PageHandler = async (c, s) => {
    let message: Message | null = null;
    let created: { id: string; secret: string } | null = null;
    if (c.req.method === "POST") {
      const action = text(s.form, "action");
      const id = text(s.form, "id");
      const answer =
        action === "create"
          ? await s.v1("POST", "/v1/api_keys", {
              ...(text(s.form, "name") ? { name: text(s.form, "name") } : {}),
              scopes: Object.entries(s.form)
                .filter(([k]) => k.startsWith("scope:"))
                .map(([k]) => k.slice(6)),
            })
          : action === "rotate"
            ? await s.v1("POST", `/v1/api_keys/${encodeURIComponent(id)}/rotate`, {
                old_key_expires_in: Number(text(s.form, "overlap") || "3600"),
              })
            : await s.v1("POST", `/v1/api_keys/${encodeURIComponent(id)}/revoke`);
      if (answer.status >= 400) message = { kind: "error", text: problemText(answer) };
      else if (answer.body.secret) created = { id: answer.body.id, secret: answer.body.secret };
      else message = { kind: "notice", text: `Key ${answer.body.id} revoked.` };
    }
    const list = await s.v1("GET", "/v1/api_keys?limit=100");
    if (list.status !== 200)
      return page(c, s.state, "Settings → API", html``, { kind: "error", text: problemText(list) });
    return page(
      c,
      s.state,
      "Settings → API",
      html`${
        created
          ? html`<div class="panel notice" role="status"><p>Your new key. It is shown only now: copy it and keep it safe.</p>
<p><code class="secret" id="new-secret">${created.secret}</code> <button type="button" data-copy="new-secret">Copy</button></p></div>`
          : ""
      }
<table>
<caption class="sr-only">API keys</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
<tbody>
${list.body.data.map(
  (k: any) => html`<tr data-key="${k.id}">
<td>${k.name ?? "—"}</td><td><code>${k.prefix}…${k.last4}</code></td><td>${k.scopes.join(", ")}</td><td>${when(k.created_at)}</td><td>${when(k.expires_at)}</td>
<td>${k.revoked_at ? "revoked" : k.expires_at && new Date(k.expires_at) <= new Date() ? "expired" : "active"}</td>
<td>${
    k.revoked_at
      ? ""
      : html`<form class="inline" method="post" action="/app/settings/api">${csrfField(s.state)}<input type="hidden" name="action" value="rotate"><input type="hidden" name="id" value="${k.id}">
<label class="sr-only" for="overlap-${k.id}">Old key works for (seconds)</label><input id="overlap-${k.id}" name="overlap" value="3600" size="6" inputmode="numeric"> <button type="submit">Rotate</button></form>
<form class="inline" method="post" action="/app/settings/api" data-confirm="Revoke this key? Requests with it stop at once.">${csrfField(s.state)}<input type="hidden" name="action" value="revoke"><input type="hidden" name="id" value="${k.id}"><button class="danger" type="submit">Revoke</button></form>`
  }</td></tr>`,
)}
</tbody></table>
<h2>Create a ${s.principal.livemode ? "live" : "test"} key</h2>
<form method="post" action="/app/settings/api" class="panel">
${csrfField(s.state)}<input type="hidden" name="action" value="create">
<label for="key-name">Name</label><input id="key-name" name="name" size="40">
<fieldset><legend>Scopes</legend>
${SCOPE_CHOICES.map((scope) => html`<label><input type="checkbox" name="scope:${scope}"> <code>${scope}</code></label>`)}
</fieldset>
<p><button class="primary" type="submit">Create key</button></p>
</form>`,
      message,
    );
  };
  route("GET", "/app/settings/api", keys);
  route("POST", "/app/settings/api", keys);

  const webhooks: PageHandler = async (c, s) => {
    let message: Message | null = null;
    let secret: string | null = null;
    if (c.req.method === "POST") {
      const action = text(s.form, "action");
      const id = encodeURIComponent(text(s.form, "id"));
      const answer =
        action === "create"
          ? await s.v1("POST", "/v1/webhooks", {
              url: text(s.form, "url"),
              events: Object.keys(s.form)
                .filter((k) => k.startsWith("event:"))
                .map((k) => k.slice(6)),
            })
          : action === "rotate"
            ? await s.v1("POST", `/v1/webhooks/${id}/rotate_secret`, {})
            : action === "resend"
              ? await s.v1(
                  "POST",
                  `/v1/webhooks/${id}/deliveries/${encodeURIComponent(text(s.form, "delivery"))}/resend`,
                )
              : await s.v1("PATCH", `/v1/webhooks/${id}`, { enabled: action === "enable" });
      if (answer.status >= 400) message = { kind: "error", text: problemText(answer) };
      else if (answer.body.secret) secret = answer.body.secret;
      else if (answer.body.object === "webhook_delivery")
        message = {
          kind: "notice",
          text: `Event ${answer.body.event_id} queued again as attempt ${answer.body.attempt}.`,
        };
      else message = { kind: "notice", text: `Webhook ${answer.body.id} ${action}d.` };
    }
    const list = await s.v1("GET", "/v1/webhooks?limit=100");
    if (list.status !== 200)
      return page(c, s.state, "Webhooks", html``, { kind: "error", text: problemText(list) });
    const deliveries = await Promise.all(
      list.body.data.map((w: any) => s.v1("GET", `/v1/webhooks/${w.id}/deliveries?limit=10`)),
    );
    // Only where the role may resend: a viewer's button would only ever be refused.
    const canWrite = s.principal.scopes.has("*") || s.principal.scopes.has("webhooks:write");
    return page(
      c,
      s.state,
      "Webhooks",
      html`${secret ? html`<div class="panel notice" role="status"><p>The signing secret, shown only now:</p><p><code class="secret" id="webhook-secret">${secret}</code> <button type="button" data-copy="webhook-secret">Copy</button></p></div>` : ""}
${list.body.data.map(
  (w: any, i: number) => html`<section class="panel" data-webhook="${w.id}">
<h2>${w.url}</h2>
<p>${w.status === "disabled" ? `Disabled${w.disabled_reason ? ` (${w.disabled_reason})` : ""}` : "Enabled"} · events: ${w.events.join(", ")} · created ${when(w.created_at)}</p>
<form class="inline" method="post" action="/app/webhooks">${csrfField(s.state)}<input type="hidden" name="id" value="${w.id}"><input type="hidden" name="action" value="rotate"><button type="submit">Rotate secret</button></form>
<form class="inline" method="post" action="/app/webhooks">${csrfField(s.state)}<input type="hidden" name="id" value="${w.id}"><input type="hidden" name="action" value="${w.status === "disabled" ? "enable" : "disable"}"><button type="submit">${w.status === "disabled" ? "Enable" : "Disable"}</button></form>
<table><caption>Delivery log</caption>
<thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Attempt</th><th scope="col">Status</th><th scope="col">Answer</th><th scope="col" class="num">Duration</th>${canWrite ? html`<th scope="col">Actions</th>` : ""}</tr></thead>
<tbody>${(deliveries[i]?.body.data ?? []).map(
    (d: any) =>
      html`<tr><td>${when(d.created_at)}</td><td><code>${d.event_id}</code></td><td>${d.attempt}</td><td>${d.status}</td><td>${d.response_status ?? d.error ?? "—"}</td><td class="num">${d.latency_ms ?? "—"} ms</td>${
        canWrite
          ? html`<td><form class="inline" method="post" action="/app/webhooks">${csrfField(s.state)}<input type="hidden" name="id" value="${w.id}"><input type="hidden" name="delivery" value="${d.id}"><input type="hidden" name="action" value="resend"><button type="submit">Resend<span class="sr-only"> attempt ${d.attempt} of ${d.event_id}</span></button></form></td>`
          : ""
      }</tr>`,
  )}</tbody></table>
</section>`,
)}
<h2>Add an endpoint</h2>
<form method="post" action="/app/webhooks" class="panel">
${csrfField(s.state)}<input type="hidden" name="action" value="create">
<label for="webhook-url">URL</label><input id="webhook-url" name="url" type="url" size="50" required>
<fieldset><legend>Events</legend>
${EVENT_CHOICES.map((type) => html`<label><input type="checkbox" name="event:${type}"> <code>${type}</code></label>`)}
</fieldset>
<p><button class="primary" type="submit">Add webhook</button></p>
</form>`,
      message,
    );
  };
  route("GET", "/app/webhooks", webhooks);
  route("POST", "/app/webhooks", webhooks);
}
