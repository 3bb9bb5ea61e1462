import { html } from "hono/html";
import { sessionHandlers } from "../routes/app/session.js";
import { ApiError } from "../values/problem.js";
import { mountDeveloperPages } from "./developer-pages.js";
import { type Route, text } from "./form.js";
import type { PageHandler } from "./index.js";
import { csrfField, type Message, page } from "./layout.js";
import { mountMemberPages } from "./member-pages.js";
import { problemText } from "./v1.js";

/** Business profile, the mode switch, sign-out, security; then Settings → API, Webhooks, Members, Audit log. */
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

  mountDeveloperPages(route);
  mountMemberPages(route);
}
