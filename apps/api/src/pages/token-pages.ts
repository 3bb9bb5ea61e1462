// Personal access tokens: a member makes one for a script, for this account and the session's mode,
// with scopes no wider than the member's role; the secret is shown once. Through the same handlers as
// spec/app's /app/api/personal_access_tokens operations.
import type { appComponents } from "@bahi/contract/app";
import { html } from "hono/html";
import { personalAccessTokenHandlers } from "../routes/app/personal-access-tokens.js";
import { ALL_SCOPES } from "../services/accounts/principal.js";
import { MAX_PERSONAL_ACCESS_TOKEN_DAYS } from "../services/members/personal-access-tokens.js";
import { ROLE_SCOPES } from "../services/members/roles.js";
import { ApiError } from "../values/problem.js";
import { type Route, text } from "./form.js";
import type { PageHandler } from "./index.js";
import { csrfField, type Message, page, when } from "./layout.js";
import { scopeInWords } from "./oauth-pages.js";

/** The expiry the form offers first. */
const DEFAULT_TOKEN_DAYS = 90;
const NAME_MAX_LENGTH = 100;

type TokenRow = appComponents["schemas"]["PersonalAccessToken"];
type TokenList = appComponents["schemas"]["PersonalAccessTokenList"];
type NewToken = appComponents["schemas"]["PersonalAccessTokenWithSecret"];

const statusOf = (t: TokenRow) =>
  t.revoked_at ? "revoked" : new Date(t.expires_at) <= new Date() ? "expired" : "active";

export function mountTokenPages(route: Route): void {
  const tokens: PageHandler = async (c, s) => {
    const none = { path: {}, query: {} };
    // The /v1 scopes the member's role allows: a token may have no more.
    const roleScopes = ROLE_SCOPES[s.ctx.found?.role ?? "viewer"];
    const choices = [...s.ctx.deps.knownScopes]
      .filter((scope) => roleScopes.includes(ALL_SCOPES) || roleScopes.includes(scope))
      .sort();
    let message: Message | null = null;
    let created: { secret: string } | null = null;
    if (c.req.method === "POST") {
      try {
        if (text(s.form, "action") === "revoke") {
          await personalAccessTokenHandlers.revokePersonalAccessToken(
            { ...none, path: { id: text(s.form, "id") }, body: undefined },
            s.ctx,
          );
          message = { kind: "notice", text: "Token revoked: it stops working at once." };
        } else {
          const name = text(s.form, "name");
          const days = Number(text(s.form, "days"));
          const scopes = choices.filter((scope) => s.form[`scope:${scope}`] === "on") as TokenRow["scopes"];
          if (name === "" || name.length > NAME_MAX_LENGTH)
            message = { kind: "error", text: `Name the token (at most ${NAME_MAX_LENGTH} characters).` };
          else if (!Number.isInteger(days) || days < 1 || days > MAX_PERSONAL_ACCESS_TOKEN_DAYS)
            message = {
              kind: "error",
              text: `A token lasts from 1 to ${MAX_PERSONAL_ACCESS_TOKEN_DAYS} days.`,
            };
          else if (scopes.length === 0) message = { kind: "error", text: "Choose at least one scope." };
          else {
            const answer = await personalAccessTokenHandlers.createPersonalAccessToken(
              { ...none, body: { name, scopes, expires_in_days: days } },
              s.ctx,
            );
            created = { secret: (answer.body as NewToken).token };
          }
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        message = { kind: "error", text: error.detail };
      }
    }
    const list = (
      await personalAccessTokenHandlers.listPersonalAccessTokens({ ...none, body: undefined }, s.ctx)
    ).body as TokenList;
    const mode = s.principal.livemode ? "live" : "test";
    return page(
      c,
      s.state,
      "Personal access tokens",
      html`<p>A personal access token calls the API as you, in this account's ${mode} mode, with the
scopes you choose (never more than your role allows). Send it as <code>Authorization: Bearer …</code>.</p>
${
  created
    ? html`<div class="panel notice" role="status"><p>Your new token. It is shown only now: copy it and keep it safe.</p>
<p><code class="secret" id="new-token">${created.secret}</code> <button type="button" data-copy="new-token">Copy</button></p></div>`
    : ""
}
${
  list.data.length === 0
    ? html`<p>You have no personal access tokens in this account.</p>`
    : html`<table>
<caption class="sr-only">Your personal access tokens</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Token</th><th scope="col">May</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Revoke</span></th></tr></thead>
<tbody>${list.data.map(
        (
          t,
        ) => html`<tr data-token="${t.id}"><td>${t.name}</td><td><code>${t.prefix}…${t.last4}</code></td><td>${t.scopes.map((scope) => html`${scopeInWords(scope)}<br>`)}</td><td>${when(t.created_at)}</td><td>${t.last_used_at ? when(t.last_used_at) : "never"}</td><td>${when(t.expires_at)}</td><td>${statusOf(t)}</td>
<td>${
          statusOf(t) === "active"
            ? html`<form class="inline" method="post" action="/app/tokens" data-confirm="Revoke this token? Scripts using it stop at once.">${csrfField(s.state)}<input type="hidden" name="action" value="revoke"><input type="hidden" name="id" value="${t.id}"><button class="danger" type="submit">Revoke<span class="sr-only"> ${t.name}</span></button></form>`
            : ""
        }</td></tr>`,
      )}</tbody></table>`
}
<h2>Make a ${mode} token</h2>
<form method="post" action="/app/tokens" class="panel">
${csrfField(s.state)}<input type="hidden" name="action" value="create">
<label for="token-name">Name</label><input id="token-name" name="name" size="40" maxlength="${NAME_MAX_LENGTH}" required>
<label for="token-days">Expires after (days, at most ${MAX_PERSONAL_ACCESS_TOKEN_DAYS})</label><input id="token-days" name="days" value="${DEFAULT_TOKEN_DAYS}" size="4" inputmode="numeric" required>
<fieldset><legend>Scopes</legend>
${choices.map((scope) => html`<label><input type="checkbox" name="scope:${scope}"> <code>${scope}</code> (${scopeInWords(scope)})</label>`)}
</fieldset>
<p><button class="primary" type="submit">Make token</button></p>
</form>`,
      message,
    );
  };
  route("GET", "/app/tokens", tokens);
  route("POST", "/app/tokens", tokens);
}
