// The device grant's verification page (RFC 8628 3.3): the signed-in member types or confirms the
// code their device shows, sees which app asks for what, picks the account and mode, and answers.
// It runs the application's operations (routes/app/device-authorizations.ts), as a browser would.
import type { appComponents } from "@bahi/contract/app";
import { html } from "hono/html";
import type { AppDeps } from "../http/app-router.js";
import { deviceAuthorizationHandlers } from "../routes/app/device-authorizations.js";
import { accountsOfMember } from "../services/oauth/apps.js";
import { ApiError } from "../values/problem.js";
import type { PageHandler, SignedIn } from "./index.js";
import { csrfField, type Message, page } from "./layout.js";
import { scopeInWords } from "./oauth-pages.js";

type DeviceAuthorization = appComponents["schemas"]["DeviceAuthorization"];

const text = (value: unknown) => (typeof value === "string" ? value : "");

const codeForm = (typed: string) => html`
<form method="get" action="/app/device" class="panel">
  <label for="user_code">The code your device shows</label>
  <input id="user_code" name="user_code" value="${typed}" autocomplete="off" autocapitalize="characters" spellcheck="false" required placeholder="BCDF-GHJK">
  <p><button class="primary" type="submit">Continue</button></p>
</form>`;

async function approvalForm(signedIn: SignedIn, deps: AppDeps, found: DeviceAuthorization) {
  const { state } = signedIn;
  const session = state.found.session;
  const mine = await accountsOfMember(deps.db, state.found.member.id);
  return html`
<form method="post" action="/app/device" class="panel">
  ${csrfField(state)}
  <input type="hidden" name="user_code" value="${found.user_code}">
  <p><strong>${found.app_name}</strong> asks to act as you (${state.found.member.email}) for a business,
  from the device that shows <code>${found.user_code}</code>. Go on only if you started this yourself.</p>
  <label for="account_id">Business account</label>
  <select id="account_id" name="account_id">
    ${mine.map(
      (a) =>
        html`<option value="${a.accountId}"${a.accountId === session.accountId ? html` selected` : ""}>${a.legalName} (${a.role})</option>`,
    )}
  </select>
  <fieldset>
    <legend>Mode</legend>
    <label><input type="radio" name="livemode" value="false"${session.livemode ? "" : html` checked`}> Test mode</label>
    <label><input type="radio" name="livemode" value="true"${session.livemode ? html` checked` : ""}> Live mode: real invoices and returns</label>
  </fieldset>
  <p>It will be able to:</p>
  <ul>${found.scopes.map((scope) => html`<li>${scopeInWords(scope)} <code>${scope}</code></li>`)}</ul>
  <p class="muted">It can do no more than your role allows. You can revoke its access at any time under Authorized apps.</p>
  <p>
    <button class="primary" type="submit" name="allowed" value="true">Allow</button>
    <button type="submit" name="allowed" value="false">Deny</button>
  </p>
</form>`;
}

const problemMessage = (error: ApiError): Message => ({ kind: "error", text: error.detail });

export function mountDevicePages(
  route: (m: "GET" | "POST", p: string, h: PageHandler) => void,
  deps: AppDeps,
) {
  const title = "Sign in a device";

  route("GET", "/app/device", async (c, signedIn) => {
    const typed = text(c.req.query("user_code")).slice(0, 32);
    if (!typed) return page(c, signedIn.state, title, codeForm(""));
    try {
      const found = await deviceAuthorizationHandlers.readDeviceAuthorization(
        { path: {}, query: { user_code: typed }, body: undefined },
        signedIn.ctx,
      );
      return page(
        c,
        signedIn.state,
        title,
        await approvalForm(signedIn, deps, found.body as DeviceAuthorization),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return page(c, signedIn.state, title, codeForm(typed), problemMessage(error));
    }
  });

  route("POST", "/app/device", async (c, signedIn) => {
    const { form } = signedIn;
    const typed = text(form.user_code).slice(0, 32);
    const allowed = text(form.allowed) === "true";
    try {
      const answered = await deviceAuthorizationHandlers.answerDeviceAuthorization(
        {
          path: {},
          query: {},
          body: {
            user_code: typed,
            allowed,
            ...(allowed
              ? { account_id: text(form.account_id), livemode: text(form.livemode) === "true" }
              : {}),
          },
        },
        signedIn.ctx,
      );
      const app = (answered.body as DeviceAuthorization).app_name;
      const done = allowed
        ? `${app} is signed in: go back to your device.`
        : `${app} was refused: your device will say so.`;
      return page(c, signedIn.state, title, html`<p><a href="/app/authorized-apps">Authorized apps</a></p>`, {
        kind: "notice",
        text: done,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return page(c, signedIn.state, title, codeForm(typed), problemMessage(error));
    }
  });
}
