// Sign-in and consent as a member meets them: a registered app sends Chromium to the authorization
// endpoint with PKCE; the member signs in with a password and a TOTP code, reads the consent page (app,
// account, mode, each scope in words; axe finds no WCAG 2.1 AA violation), picks the account and
// approves; the app gets its code and `state` on its redirect URI, exchanges the code (oauth4webapi)
// and calls /v1 with the token. Denied, the redirect says `access_denied`.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import * as oauth from "oauth4webapi";
import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  appCall,
  type MemberSession,
  type OwnServer,
  outputMatch,
  redeemSignInLink,
  startOwnServer,
} from "./support/bahi-server.js";
import { describeInChromium, launchChromium, offlineContext } from "./support/chromium.js";

// As app-browser.test.ts: BAHI_SCREENSHOTS=docs retakes docs/app/; otherwise into test-results/.
const shots = fileURLToPath(
  new URL(
    process.env.BAHI_SCREENSHOTS === "docs" ? "../../docs/app/" : "../test-results/app/",
    import.meta.url,
  ),
);
const EMAIL = "accounts@demo-traders.example";
const PASSWORD = "consent passphrase 2026";
const SCOPES = ["account:read", "invoices:read", "parties:write"];
const insecure = { [oauth.allowInsecureRequests]: true };

let server: OwnServer;
let owner: MemberSession;
let browser: Browser;
let page: Page;
let totp: TOTP;
let as: oauth.AuthorizationServer;
let app: oauth.Client;
/** The app's redirect URI: a listener of the test's own, which records each callback URL it gets. */
let callbacks: Server;
let redirectUri: string;
const received: URL[] = [];

/** An accountant of the demo account, with a password and an authenticator, made through /app/api. */
async function accountantWithTotp(): Promise<TOTP> {
  const invited = await appCall(server, owner, "/app/api/invitations", { email: EMAIL, role: "accountant" });
  expect(invited.status).toBe(201);
  const token = (await outputMatch(server, /\/app\/accept-invitation#([A-Za-z0-9_-]{43})/))?.[1];
  expect(token).toBeDefined();
  const joined = await fetch(new URL("/app/api/invitations/accept", server.url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, name: "Anil Accountant", password: PASSWORD }),
  });
  expect(joined.status).toBe(200);
  const session: MemberSession = {
    cookie: (joined.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
    csrf: ((await joined.json()) as { csrf_token: string }).csrf_token,
    accountId: owner.accountId,
  };
  const started = await appCall(server, session, "/app/api/totp", {});
  expect(started.status).toBe(200);
  const authenticator = new TOTP({ secret: Secret.fromBase32(started.body.secret) });
  const confirmed = await appCall(server, session, "/app/api/totp/confirm", {
    code: authenticator.generate(),
  });
  expect(confirmed.status).toBe(200);
  return authenticator;
}

/** The URL the app sends the browser to, with a fresh PKCE verifier and state. */
async function authorizationRequest() {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint ?? "");
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: app.client_id,
    redirect_uri: redirectUri,
    scope: SCOPES.join(" "),
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  return { url, verifier, state };
}

/** Until the app's redirect URI has been called once more, and that call's URL. */
async function nextCallback(count: number): Promise<URL> {
  await expect
    .poll(() => received.length, {
      timeout: 30_000,
      message: "the browser never reached the app's redirect URI",
    })
    .toBeGreaterThanOrEqual(count);
  return received[count - 1] as URL;
}

describeInChromium("OAuth sign-in and consent in Chromium", () => {
  beforeAll(async () => {
    callbacks = createServer((req, res) => {
      received.push(new URL(req.url ?? "/", redirectUri));
      res.writeHead(200, { "content-type": "text/html" }).end("<title>ShopSync</title><p>Connected.</p>");
    });
    await new Promise<void>((resolve) => callbacks.listen(0, "127.0.0.1", resolve));
    redirectUri = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}/callback`;

    server = await startOwnServer();
    owner = await redeemSignInLink(server);
    totp = await accountantWithTotp();
    const registered = await appCall(server, owner, "/app/api/oauth_apps", {
      name: "ShopSync",
      redirect_uris: [redirectUri],
      confidential: false,
    });
    expect(registered.status).toBe(201);
    app = { client_id: registered.body.client_id };
    const issuer = new URL(server.url);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
    );

    browser = await launchChromium();
    const context = await offlineContext(browser);
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    callbacks?.close();
    await server?.stop();
  });

  it("signs in with password and code, consents, and the app calls /v1 with its token", async () => {
    const { url, verifier, state } = await authorizationRequest();
    await page.goto(url.toString());
    // Not signed in: the sign-in page, which returns to the authorization request afterwards.
    await page.waitForURL(/\/app\/sign-in\?next=/);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/app\/sign-in\/code\?next=/);
    await page.getByLabel("Code from your authenticator app").fill(totp.generate());
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/app\/oauth\/authorize\?/);

    // The consent page names the app, the member, the account and mode, and each scope in words.
    await expect(
      page.getByRole("heading", { name: "Allow ShopSync to use Bahi?" }).isVisible(),
    ).resolves.toBe(true);
    const text = (await page.locator("main, body").first().textContent()) ?? "";
    expect(text).toContain(EMAIL);
    for (const words of [
      "See the business profile",
      "See invoices",
      "Create and change customers and suppliers",
    ])
      expect(text).toContain(words);
    for (const scope of SCOPES)
      await expect(page.locator("code", { hasText: scope }).count()).resolves.toBe(1);
    const account = page.getByLabel("Business account");
    await expect(account.locator("option").first().textContent()).resolves.toContain("(accountant)");
    await expect(page.getByLabel("Test mode").isChecked()).resolves.toBe(true);
    await expect(page.getByLabel(/Live mode/).isChecked()).resolves.toBe(false);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
    await page.screenshot({ path: join(shots, "oauth-consent.png"), fullPage: true });

    await account.selectOption(owner.accountId);
    await page.getByLabel("Test mode").check();
    await page.getByRole("button", { name: "Allow" }).click();
    const callback = await nextCallback(1);
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("error"), callback.search).toBeNull();
    expect(callback.searchParams.get("code")).toBeTruthy();

    const params = oauth.validateAuthResponse(as, app, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      app,
      oauth.None(),
      params,
      redirectUri,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, app, response);
    expect(tokens.scope?.split(" ").sort()).toEqual([...SCOPES].sort());
    const headers = { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" };
    const answer = await fetch(new URL("/v1/account", server.url), { headers });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { id: string }).id).toBe(owner.accountId);
    // The mode approved: what the app makes is test data.
    const party = await fetch(new URL("/v1/parties", server.url), {
      method: "POST",
      headers,
      body: JSON.stringify({
        type: "customer",
        name: "Consent Traders",
        address: { line1: "12 MG Road", city: "Bengaluru", state_code: "29", pin: "560001" },
      }),
    });
    expect(party.status).toBe(201);
    expect(((await party.json()) as { livemode: boolean }).livemode).toBe(false);
  });

  it("denied, the app's redirect URI gets access_denied and its state, and no code", async () => {
    const { url, state } = await authorizationRequest();
    await page.goto(url.toString());
    // Signed in already: straight to the consent page.
    await page.getByRole("button", { name: "Deny" }).click();
    const callback = await nextCallback(2);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.has("code")).toBe(false);
  });
});
