// biome-ignore-all lint/suspicious/noExplicitAny: pages render /v1 answers, which the router built from the contract's types and tests check against the spec.
import { html } from "hono/html";
import { memberHandlers } from "../routes/app/members.js";
import { sessionHandlers } from "../routes/app/session.js";
import { ApiError } from "../values/problem.js";
import type { PageHandler } from "./index.js";
import { csrfField, day, type Message, page, when } from "./layout.js";
import { problemText } from "./v1.js";

type Route = (method: "GET" | "POST", path: string, handler: PageHandler) => void;
const text = (form: Record<string, string | File>, name: string) => {
  const value = form[name];
  return typeof value === "string" ? value.trim() : "";
};

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
const ROLES = ["owner", "admin", "developer", "accountant", "viewer"] as const;

/** Business profile, Settings → API, Webhooks, Members, Audit log, the mode switch, sign-out, security. */
export function mountSettingsPages(route: Route): void {
  const none = { path: {}, query: {} };
  route("POST", "/app/mode", async (c, s) => {
    await sessionHandlers.updateSession(
      { ...none, body: { livemode: text(s.form, "livemode") === "true" } },
      s.ctx,
    );
    const back = text(s.form, "back");
    return c.redirect(/^\/app(\/[a-z0-9/_-]*)?$/.test(back) ? back : "/app", 303);
  });
  route("POST", "/app/sign-out", async (c, s) => {
    await (text(s.form, "everywhere") === "true"
      ? sessionHandlers.signOutEverywhere({ ...none, body: undefined }, s.ctx)
      : sessionHandlers.signOut({ ...none, body: undefined }, s.ctx));
    return c.redirect("/app/sign-in", 303);
  });

  const security: PageHandler = async (c, s) => {
    let message: Message | null = null;
    let enrolment = null as { secret: string; otpauth_uri: string } | null;
    let codes: string[] | null = null;
    if (c.req.method === "POST") {
      try {
        const action = text(s.form, "action");
        if (action === "start")
          enrolment = (await sessionHandlers.startTotp({ ...none, body: undefined }, s.ctx))
            .body as typeof enrolment;
        else if (action === "confirm")
          codes = (
            (await sessionHandlers.confirmTotp({ ...none, body: { code: text(s.form, "code") } }, s.ctx))
              .body as { recovery_codes: string[] }
          ).recovery_codes;
        else {
          await sessionHandlers.disableTotp({ ...none, body: { code: text(s.form, "code") } }, s.ctx);
          message = { kind: "notice", text: "Two-factor sign-in is off." };
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        message = { kind: "error", text: error.detail };
      }
    }
    const on =
      codes !== null ||
      (s.state.found.member.totpSecretSealed !== null && message?.text !== "Two-factor sign-in is off.");
    return page(
      c,
      s.state,
      "Sign-in and security",
      html`${codes ? html`<div class="panel notice" role="status"><p>Two-factor sign-in is on. Keep these recovery codes somewhere safe; each works once:</p><pre id="recovery-codes">${codes.join("\n")}</pre><button type="button" data-copy="recovery-codes">Copy</button></div>` : ""}
${
  enrolment
    ? html`<div class="panel"><p>Add this secret to your authenticator app, then type its code:</p><p><code class="secret" id="totp-secret">${enrolment.secret}</code> <button type="button" data-copy="totp-secret">Copy</button></p><p class="muted"><code>${enrolment.otpauth_uri}</code></p>
<form method="post" action="/app/security">${csrfField(s.state)}<input type="hidden" name="action" value="confirm"><label for="confirm-code">Code</label><input id="confirm-code" name="code" inputmode="numeric" autocomplete="one-time-code"> <button class="primary" type="submit">Turn on</button></form></div>`
    : ""
}
<section class="panel"><h2>Two-factor sign-in</h2>
${
  on
    ? html`<form method="post" action="/app/security">${csrfField(s.state)}<input type="hidden" name="action" value="disable"><label for="disable-code">Current code</label><input id="disable-code" name="code" inputmode="numeric"> <button type="submit">Turn off</button></form>`
    : enrolment
      ? ""
      : html`<form method="post" action="/app/security">${csrfField(s.state)}<input type="hidden" name="action" value="start"><button type="submit">Set up an authenticator app</button></form>`
}
</section>
<section class="panel"><h2>Sessions</h2><form method="post" action="/app/sign-out">${csrfField(s.state)}<input type="hidden" name="everywhere" value="true"><button class="danger" type="submit">Sign out everywhere</button></form></section>`,
      message,
    );
  };
  route("GET", "/app/security", security);
  route("POST", "/app/security", security);

  const profile: PageHandler = async (c, s) => {
    let message: Message | null = null;
    if (c.req.method === "POST") {
      const line2 = text(s.form, "line2");
      const tradeName = text(s.form, "trade_name");
      const update = await s.v1("PATCH", "/v1/account", {
        legal_name: text(s.form, "legal_name"),
        trade_name: tradeName === "" ? null : tradeName,
        address: {
          line1: text(s.form, "line1"),
          line2: line2 === "" ? null : line2,
          city: text(s.form, "city"),
          state_code: text(s.form, "state_code"),
          pin: text(s.form, "pin"),
        },
        invoice_number_format: text(s.form, "invoice_number_format"),
        number_reset: text(s.form, "number_reset"),
      });
      message =
        update.status === 200
          ? { kind: "notice", text: "Business profile saved." }
          : { kind: "error", text: problemText(update) };
    }
    const account = await s.v1("GET", "/v1/account");
    if (account.status !== 200)
      return page(c, s.state, "Business profile", html``, { kind: "error", text: problemText(account) });
    const a = account.body;
    const mayEdit = s.principal.scopes.has("*") || s.principal.scopes.has("account:write");
    return page(
      c,
      s.state,
      "Business profile",
      html`<form method="post" action="/app" class="panel">
  ${csrfField(s.state)}
  <p>GSTIN <strong>${a.gstin}</strong> · PAN <strong>${a.pan}</strong> · State code <strong>${a.state_code}</strong> <span class="muted">(PAN and state follow from the GSTIN)</span></p>
  <label for="legal_name">Legal name</label><input id="legal_name" name="legal_name" value="${a.legal_name}" size="50">
  <label for="trade_name">Trade name</label><input id="trade_name" name="trade_name" value="${a.trade_name ?? ""}" size="50">
  <label for="line1">Address</label><input id="line1" name="line1" value="${a.address.line1}" size="50">
  <label for="line2">Address, second line</label><input id="line2" name="line2" value="${a.address.line2 ?? ""}" size="50">
  <label for="city">City</label><input id="city" name="city" value="${a.address.city}">
  <label for="pin">PIN</label><input id="pin" name="pin" value="${a.address.pin}" inputmode="numeric">
  <input type="hidden" name="state_code" value="${a.address.state_code}">
  <label for="invoice_number_format">Invoice number format</label><input id="invoice_number_format" name="invoice_number_format" value="${a.invoice_number_format}">
  <label for="number_reset">Numbers start again</label>
  <select id="number_reset" name="number_reset">
    <option value="yearly"${a.number_reset === "yearly" ? " selected" : ""}>every financial year</option>
    <option value="never"${a.number_reset === "never" ? " selected" : ""}>never</option>
  </select>
  ${mayEdit ? html`<p><button class="primary" type="submit">Save</button></p>` : html`<p class="muted">Your role may not change the profile.</p>`}
</form>`,
      message,
    );
  };
  route("GET", "/app", profile);
  route("POST", "/app", profile);

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

  const members: PageHandler = async (c, s) => {
    let message: Message | null = null;
    if (c.req.method === "POST") {
      const action = text(s.form, "action");
      try {
        if (action === "invite") {
          await memberHandlers.createInvitation(
            {
              ...none,
              body: { email: text(s.form, "email"), role: text(s.form, "role") as (typeof ROLES)[number] },
            },
            s.ctx,
          );
          message = { kind: "notice", text: `Invitation sent to ${text(s.form, "email")}.` };
        } else if (action === "role") {
          await memberHandlers.updateMember(
            {
              ...none,
              path: { id: text(s.form, "id") },
              body: { role: text(s.form, "role") as (typeof ROLES)[number] },
            },
            s.ctx,
          );
          message = { kind: "notice", text: "Role changed." };
        } else {
          await memberHandlers.removeMember(
            { ...none, path: { id: text(s.form, "id") }, body: undefined },
            s.ctx,
          );
          message = { kind: "notice", text: "Member removed." };
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        message = { kind: "error", text: error.detail };
      }
    }
    const list = (await memberHandlers.listMembers({ ...none, body: undefined }, s.ctx)).body as any;
    const manage = s.principal.scopes.has("*") || s.principal.scopes.has("members:write");
    const roleSelect = (id: string, current: string) =>
      html`<select id="${id}" name="role">${ROLES.map((r) => html`<option value="${r}"${r === current ? " selected" : ""}>${r}</option>`)}</select>`;
    return page(
      c,
      s.state,
      "Members",
      html`<table><caption class="sr-only">Members</caption>
<thead><tr><th scope="col">Email</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Two-factor</th><th scope="col">Joined</th>${manage ? html`<th scope="col">Actions</th>` : ""}</tr></thead>
<tbody>${list.data.map(
        (
          m: any,
        ) => html`<tr><td>${m.email}</td><td>${m.name ?? "—"}</td><td>${m.role}</td><td>${m.totp_enabled ? "on" : "off"}</td><td>${day(m.created_at.slice(0, 10))}</td>
${
  manage
    ? html`<td><form class="inline" method="post" action="/app/members">${csrfField(s.state)}<input type="hidden" name="action" value="role"><input type="hidden" name="id" value="${m.id}"><label class="sr-only" for="role-${m.id}">Role of ${m.email}</label>${roleSelect(`role-${m.id}`, m.role)} <button type="submit">Change</button></form>
<form class="inline" method="post" action="/app/members" data-confirm="Remove this member?">${csrfField(s.state)}<input type="hidden" name="action" value="remove"><input type="hidden" name="id" value="${m.id}"><button class="danger" type="submit">Remove</button></form></td>`
    : ""
}</tr>`,
      )}</tbody></table>
${list.invitations.length > 0 ? html`<h2>Invitations waiting</h2><ul>${list.invitations.map((i: any) => html`<li>${i.email} as ${i.role}, until ${when(i.expires_at)}</li>`)}</ul>` : ""}
${
  manage
    ? html`<h2>Invite someone</h2><form method="post" action="/app/members" class="panel">${csrfField(s.state)}<input type="hidden" name="action" value="invite">
<label for="invite-email">Email</label><input id="invite-email" name="email" type="email" required size="40">
<label for="invite-role">Role</label>${roleSelect("invite-role", "viewer")}
<p><button class="primary" type="submit">Send invitation</button></p></form>`
    : ""
}`,
      message,
    );
  };
  route("GET", "/app/members", members);
  route("POST", "/app/members", members);

  route("GET", "/app/audit-log", async (c, s) => {
    if (!(s.principal.scopes.has("*") || s.principal.scopes.has("audit:read"))) {
      return page(c, s.state, "Audit log", html``, {
        kind: "error",
        text: "Your role may not read the audit log.",
      });
    }
    const log = (
      await memberHandlers.listAuditLog({ path: {}, query: { limit: 100 }, body: undefined }, s.ctx)
    ).body as any;
    return page(
      c,
      s.state,
      "Audit log",
      html`<table><caption class="sr-only">Audit log</caption>
<thead><tr><th scope="col">When</th><th scope="col">Action</th><th scope="col">By</th><th scope="col">Target</th><th scope="col">Mode</th><th scope="col">From</th></tr></thead>
<tbody>${log.data.map(
        (e: any) =>
          html`<tr><td>${when(e.created_at)}</td><td><code>${e.action}</code></td><td>${e.actor.email ?? e.actor.id ?? e.actor.type}</td><td><code>${e.target_id ?? "—"}</code></td><td>${e.livemode === null ? "—" : e.livemode ? "live" : "test"}</td><td>${e.address ?? "—"}</td></tr>`,
      )}</tbody></table>`,
    );
  });
}
