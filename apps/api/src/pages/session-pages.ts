import type { Context, Hono } from "hono";
import { html } from "hono/html";
import { type AppDeps, appContextOf } from "../http/app-router.js";
import type { AppEnv } from "../http/context.js";
import { checkSameSite, sessionToken } from "../http/session-cookie.js";
import { sessionHandlers } from "../routes/app/session.js";
import { findSession } from "../services/members/sessions.js";
import { ApiError } from "../values/problem.js";
import { type Html, type Message, plainPage } from "./layout.js";
import { returnPathOf } from "./oauth-pages.js";

const field = (form: Record<string, unknown>, name: string) => {
  const value = form[name];
  return typeof value === "string" ? value : "";
};

/** Runs an application handler for a page; its refusal becomes the page's message. */
async function attempt(work: () => Promise<unknown>): Promise<Message | null> {
  try {
    await work();
    return null;
  } catch (error) {
    if (error instanceof ApiError) {
      const fields = error.extras.errors?.map((e) => e.message).join("; ");
      return {
        kind: "error",
        text: fields && fields !== error.detail ? `${error.detail} ${fields}` : error.detail,
      };
    }
    throw error;
  }
}

const nextField = (next: string | null) =>
  next ? html`<input type="hidden" name="next" value="${next}">` : "";
const withNext = (path: string, next: string | null) =>
  next ? `${path}?next=${encodeURIComponent(next)}` : path;

const signInForm = (email = "", next: string | null = null) => html`
<form method="post" action="/app/sign-in" class="panel">
  ${nextField(next)}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${email}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <p><button class="primary" type="submit">Sign in</button></p>
  <p><a href="/app/forgot-password">Forgot your password?</a></p>
</form>`;

const codeForm = (next: string | null = null) => html`
<form method="post" action="/app/sign-in/code" class="panel">
  ${nextField(next)}
  <label for="code">Code from your authenticator app</label>
  <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}">
  <label for="recovery_code">Or a recovery code</label>
  <input id="recovery_code" name="recovery_code" autocomplete="off">
  <p><button class="primary" type="submit">Continue</button></p>
</form>`;

const tokenPage = (action: string, button: string, extra: Html | string = "") => html`
<form method="post" action="${action}" class="panel">
  <input type="hidden" name="token" data-fragment-token>
  ${extra}
  <p><button class="primary" type="submit">${button}</button></p>
</form>`;

const newPasswordFields = html`
  <label for="password">New password (at least 12 characters)</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="12" required>`;

/** Sign-in (with its second step), sign-out, and the pages emailed links open. */
export function mountSessionPages(app: Hono<AppEnv>, deps: AppDeps): void {
  const ctx = (c: Context, found: Awaited<ReturnType<typeof findSession>> = null) =>
    appContextOf(c, deps, found, sessionToken(c));

  app.get("/app/sign-in", (c) =>
    plainPage(c, "Sign in to Bahi", signInForm("", returnPathOf(c.req.query("next")))),
  );
  app.post("/app/sign-in", async (c) => {
    checkSameSite(c);
    const form = await c.req.parseBody();
    const next = returnPathOf(field(form, "next"));
    let pending = false;
    const message = await attempt(async () => {
      const reply = await sessionHandlers.signIn(
        { path: {}, query: {}, body: { email: field(form, "email"), password: field(form, "password") } },
        ctx(c),
      );
      pending = (reply.body as { second_factor_pending: boolean }).second_factor_pending;
    });
    if (message) return plainPage(c, "Sign in to Bahi", signInForm(field(form, "email"), next), message, 200);
    return c.redirect(pending ? withNext("/app/sign-in/code", next) : (next ?? "/app"), 303);
  });

  app.get("/app/sign-in/code", (c) =>
    plainPage(c, "Two-factor sign-in", codeForm(returnPathOf(c.req.query("next")))),
  );
  app.post("/app/sign-in/code", async (c) => {
    checkSameSite(c);
    const form = await c.req.parseBody();
    const next = returnPathOf(field(form, "next"));
    const token = sessionToken(c);
    const found = token ? await findSession(deps.db, token, new Date()) : null;
    if (!found?.session.secondFactorPending) return c.redirect("/app/sign-in", 303);
    const code = field(form, "code");
    const recovery = field(form, "recovery_code");
    const message = await attempt(() =>
      sessionHandlers.completeSignIn(
        { path: {}, query: {}, body: code ? { code } : { recovery_code: recovery } },
        ctx(c, found),
      ),
    );
    if (message) return plainPage(c, "Two-factor sign-in", codeForm(next), message);
    return c.redirect(next ?? "/app", 303);
  });

  app.get("/app/sign-in-link", (c) =>
    plainPage(c, "Sign in with your link", tokenPage("/app/sign-in-link", "Sign in")),
  );
  app.post("/app/sign-in-link", async (c) => {
    checkSameSite(c);
    const form = await c.req.parseBody();
    let pending = false;
    const message = await attempt(async () => {
      const reply = await sessionHandlers.redeemSignInLink(
        { path: {}, query: {}, body: { token: field(form, "token") } },
        ctx(c),
      );
      pending = (reply.body as { second_factor_pending: boolean }).second_factor_pending;
    });
    if (message)
      return plainPage(
        c,
        "Sign in with your link",
        html`<p><a href="/app/sign-in">Sign in with your password</a></p>`,
        message,
      );
    return c.redirect(pending ? "/app/sign-in/code" : "/app", 303);
  });

  app.get("/app/forgot-password", (c) =>
    plainPage(
      c,
      "Reset your password",
      html`<form method="post" action="/app/forgot-password" class="panel">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required>
  <p><button class="primary" type="submit">Email me a link</button></p>
</form>`,
    ),
  );
  app.post("/app/forgot-password", async (c) => {
    checkSameSite(c);
    const form = await c.req.parseBody();
    const message = await attempt(() =>
      sessionHandlers.requestPasswordReset(
        { path: {}, query: {}, body: { email: field(form, "email") } },
        ctx(c),
      ),
    );
    return plainPage(
      c,
      "Reset your password",
      html`<p><a href="/app/sign-in">Back to sign-in</a></p>`,
      message ?? {
        kind: "notice",
        text: "If that email belongs to a member, a link to reset the password is on its way.",
      },
    );
  });

  app.get("/app/reset-password", (c) =>
    plainPage(
      c,
      "Choose a new password",
      tokenPage("/app/reset-password", "Set password", newPasswordFields),
    ),
  );
  app.post("/app/reset-password", async (c) => {
    checkSameSite(c);
    const form = await c.req.parseBody();
    const message = await attempt(() =>
      sessionHandlers.completePasswordReset(
        { path: {}, query: {}, body: { token: field(form, "token"), password: field(form, "password") } },
        ctx(c),
      ),
    );
    if (message)
      return plainPage(
        c,
        "Choose a new password",
        tokenPage("/app/reset-password", "Set password", newPasswordFields),
        message,
      );
    return plainPage(c, "Password changed", signInForm(), {
      kind: "notice",
      text: "Your password is set: sign in with it.",
    });
  });

  const acceptFields = html`
  <label for="name">Your name</label>
  <input id="name" name="name" autocomplete="name">
  ${newPasswordFields}`;
  app.get("/app/accept-invitation", (c) =>
    plainPage(c, "Join the business on Bahi", tokenPage("/app/accept-invitation", "Join", acceptFields)),
  );
  app.post("/app/accept-invitation", async (c) => {
    checkSameSite(c);
    const form = await c.req.parseBody();
    const name = field(form, "name");
    const message = await attempt(() =>
      sessionHandlers.acceptInvitation(
        {
          path: {},
          query: {},
          body: { token: field(form, "token"), password: field(form, "password"), ...(name ? { name } : {}) },
        },
        ctx(c),
      ),
    );
    if (message)
      return plainPage(
        c,
        "Join the business on Bahi",
        tokenPage("/app/accept-invitation", "Join", acceptFields),
        message,
      );
    return c.redirect("/app", 303);
  });
}
