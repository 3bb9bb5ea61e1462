import OAuth2Server from "@node-oauth/oauth2-server";
import type { Context } from "hono";
import { html } from "hono/html";
import type { AppDeps } from "../http/app-router.js";
import { oauthAppHandlers } from "../routes/app/oauth-apps.js";
import { accountsOfMember, findOAuthApp } from "../services/oauth/apps.js";
import { type OAuthUser, oauthServer } from "../services/oauth/model.js";
import { ApiError } from "../values/problem.js";
import type { PageHandler } from "./index.js";
import { APP_CSP, csrfField, page, plainPage, when } from "./layout.js";

/** What each resource of a scope is, in words a business owner reads on the consent page. */
const NOUNS: Record<string, string> = {
  account: "the business profile",
  audit: "the audit log",
  keys: "API keys",
  parties: "customers and suppliers",
  products: "products and stock",
  invoices: "invoices",
  payments: "payments",
  credit_notes: "credit notes",
  debit_notes: "debit notes",
  webhooks: "webhooks",
  events: "events",
  gstr: "GSTR-1 returns",
};

export function scopeInWords(scope: string): string {
  const [resource = "", verb] = scope.split(":");
  const noun = NOUNS[resource] ?? resource.replaceAll("_", " ");
  return verb === "write" ? `Create and change ${noun}` : `See ${noun}`;
}

/** The authorization request's parameters, carried from the consent page to its form's answer. */
const CARRIED = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

/**
 * Where sign-in may send the member back to: only the authorization page or the device page, so
 * that `next` cannot be used to redirect anywhere else.
 */
export function returnPathOf(next: string | undefined | null): string | null {
  if (!next) return null;
  return next.startsWith("/app/oauth/authorize?") || /^\/app\/device(\?|$)/.test(next) ? next : null;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The consent page may send the browser on to the app's redirect URI: Chromium applies `form-action`
 * to a form's redirects too, so that origin joins 'self' for this page alone.
 */
function allowRedirectTo(response: Response, redirectUri: string): Response {
  const origin = new URL(redirectUri).origin;
  response.headers.set(
    "Content-Security-Policy",
    APP_CSP.replace("form-action 'self'", `form-action 'self' ${origin}`),
  );
  return response;
}

function refusal(c: Context, detail: string) {
  return plainPage(c, "This app cannot be authorized", html`<p>${detail}</p>`, null, 400);
}

/**
 * The authorization endpoint: a signed-in member sees which app asks, for which account and mode, and
 * each scope in words; the answer goes through @node-oauth/oauth2-server, which checks the client,
 * the exact redirect URI and PKCE, and redirects with the code (or the error) and `state`.
 */
export function mountOAuthPages(
  route: (m: "GET" | "POST", p: string, h: PageHandler) => void,
  deps: AppDeps,
) {
  route("GET", "/app/oauth/authorize", async (c, signedIn) => {
    const query = c.req.query();
    const app = query.client_id ? await findOAuthApp(deps.db, query.client_id) : undefined;
    // Never redirect to a URI the app did not register: the member is told here instead.
    if (!app) return refusal(c, "No such app: check the link that brought you here.");
    const redirectUri = query.redirect_uri ?? app.redirectUris[0] ?? "";
    if (!app.redirectUris.includes(redirectUri)) {
      return refusal(c, `${app.name} sent a redirect URI it did not register.`);
    }
    const scopes = text(query.scope).split(" ").filter(Boolean);
    const mine = await accountsOfMember(deps.db, signedIn.state.found.member.id);
    const { found } = signedIn.state;
    const page = await plainPage(
      c,
      `Allow ${app.name} to use Bahi?`,
      html`
<form method="post" action="/app/oauth/authorize" class="panel">
  ${csrfField(signedIn.state)}
  ${CARRIED.map((name) => html`<input type="hidden" name="${name}" value="${text(query[name])}">`)}
  <p><strong>${app.name}</strong> asks to act as you (${found.member.email}) for a business.</p>
  <label for="account_id">Business account</label>
  <select id="account_id" name="account_id">
    ${mine.map(
      (a) =>
        html`<option value="${a.accountId}"${a.accountId === found.session.accountId ? html` selected` : ""}>${a.legalName} (${a.role})</option>`,
    )}
  </select>
  <fieldset>
    <legend>Mode</legend>
    <label><input type="radio" name="livemode" value="false"${found.session.livemode ? "" : html` checked`}> Test mode</label>
    <label><input type="radio" name="livemode" value="true"${found.session.livemode ? html` checked` : ""}> Live mode: real invoices and returns</label>
  </fieldset>
  <p>It will be able to:</p>
  <ul>${scopes.map((scope) => html`<li>${scopeInWords(scope)} <code>${scope}</code></li>`)}</ul>
  <p class="muted">It can do no more than your role allows. You can revoke its access at any time.</p>
  <p>
    <button class="primary" type="submit" name="allowed" value="true">Allow</button>
    <button type="submit" name="allowed" value="false">Deny</button>
  </p>
</form>`,
    );
    return allowRedirectTo(page, redirectUri);
  });

  route("POST", "/app/oauth/authorize", async (c, signedIn) => {
    const { form } = signedIn;
    const body: Record<string, string> = {};
    for (const name of [...CARRIED, "allowed"]) {
      const value = text(form[name]);
      if (value !== "") body[name] = value;
    }
    const user: OAuthUser = {
      memberId: signedIn.state.found.member.id,
      accountId: text(form.account_id),
      livemode: text(form.livemode) === "true",
      grantId: "",
    };
    const request = new OAuth2Server.Request({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      query: {},
      body,
    });
    const response = new OAuth2Server.Response();
    try {
      await oauthServer(deps.db, deps.knownScopes, false, () => deps.keyCache.clear()).authorize(
        request,
        response,
        {
          authenticateHandler: { handle: async () => user },
        },
      );
    } catch (error) {
      if (!(error instanceof OAuth2Server.OAuthError)) throw error;
      // Errors found before the redirect URI was checked are shown here, never redirected.
      if (!response.headers?.location) return refusal(c, error.message);
    }
    const location = String(response.headers?.location ?? "");
    return c.redirect(location, 302);
  });

  // Authorized apps: the grants in force in the account, each with its Revoke button.
  const authorizedApps: PageHandler = async (c, signedIn) => {
    let message = null;
    const grantId = text(signedIn.form.grant_id);
    if (grantId) {
      try {
        await oauthAppHandlers.revokeAuthorizedApp(
          { path: { id: grantId }, query: {}, body: undefined },
          signedIn.ctx,
        );
        message = { kind: "notice" as const, text: "Access revoked." };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        message = { kind: "error" as const, text: error.detail };
      }
    }
    const grants = (
      await oauthAppHandlers.listAuthorizedApps({ path: {}, query: {}, body: undefined }, signedIn.ctx)
    ).body as {
      data: { id: string; app_name: string; scopes: string[]; livemode: boolean; created_at: string }[];
    };
    return page(
      c,
      signedIn.state,
      "Authorized apps",
      grants.data.length === 0
        ? html`<p>No app holds access to this account.</p>`
        : html`<table><caption class="sr-only">Authorized apps</caption>
<thead><tr><th scope="col">App</th><th scope="col">May</th><th scope="col">Mode</th><th scope="col">Since</th><th scope="col"><span class="sr-only">Revoke</span></th></tr></thead>
<tbody>${grants.data.map(
            (
              g,
            ) => html`<tr><td>${g.app_name}</td><td>${g.scopes.map((scope) => html`${scopeInWords(scope)}<br>`)}</td><td>${g.livemode ? "live" : "test"}</td><td>${when(g.created_at)}</td>
<td><form method="post" action="/app/authorized-apps" class="inline">${csrfField(signedIn.state)}<input type="hidden" name="grant_id" value="${g.id}"><button type="submit">Revoke</button></form></td></tr>`,
          )}</tbody></table>`,
      message,
    );
  };
  route("GET", "/app/authorized-apps", authorizedApps);
  route("POST", "/app/authorized-apps", authorizedApps);
}
