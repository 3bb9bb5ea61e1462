// The OAuth 2.0 endpoints outside /app: the token endpoint (through @node-oauth/oauth2-server),
// device authorization (RFC 8628), revocation (RFC 7009), introspection (RFC 7662) and the server's
// metadata (RFC 8414). The authorization endpoint is a page, /app/oauth/authorize, and so is the
// device grant's verification page, /app/device (pages/oauth-pages.ts, pages/device-pages.ts).
import OAuth2Server from "@node-oauth/oauth2-server";
import type { Context, Hono } from "hono";
import type { AppDeps } from "../../http/app-router.js";
import { clientAddress } from "../../http/client-address.js";
import type { AppEnv } from "../../http/context.js";
import { hashSecret, sameDigest } from "../../secrets/api-key-secrets.js";
import { findOAuthApp } from "../../services/oauth/apps.js";
import {
  DEVICE_CODE_LIFETIME_SECONDS,
  DEVICE_CODE_POLL_INTERVAL_SECONDS,
  shownUserCode,
  startDeviceAuthorization,
} from "../../services/oauth/device-codes.js";
import { DEVICE_CODE_GRANT } from "../../services/oauth/device-grant.js";
import { oauthServer } from "../../services/oauth/model.js";
import { introspectToken, revokeToken } from "../../services/oauth/revocation.js";
import { type OAuthThrottle, RATE_LIMITED_ERROR, spendOAuthRequest } from "./rate-limits.js";

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

async function formOf(c: Context): Promise<Record<string, string>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return {};
  return Object.fromEntries(new URLSearchParams(await c.req.text()));
}

function oauthError(c: Context, status: number, error: string, description: string, headers = {}) {
  return c.json({ error, error_description: description }, status as 400, { ...NO_STORE, ...headers });
}

/** The client's credentials as sent (RFC 6749 2.3.1): HTTP Basic, or `client_id` and `client_secret` in the form. */
function claimedClient(c: Context, form: Record<string, string>) {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(c.req.header("authorization") ?? "");
  if (!basic?.[1]) return { clientId: form.client_id, secret: form.client_secret };
  const decoded = Buffer.from(basic[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return { clientId: undefined, secret: undefined };
  }
}

/** The client a revocation or introspection request comes from: a confidential app must prove its secret. */
async function clientOf(c: Context, deps: AppDeps, form: Record<string, string>) {
  const { clientId, secret } = claimedClient(c, form);
  const app = clientId ? await findOAuthApp(deps.db, clientId) : undefined;
  if (!app) return null;
  if (app.confidential) {
    if (!secret || !app.clientSecretHash || !sameDigest(app.clientSecretHash, hashSecret(secret)))
      return null;
  }
  return app;
}

/**
 * Mounts the endpoints; `throttle` limits the four POSTs per client and per address (null when the
 * operator turned rate limiting off).
 */
export function mountOAuthEndpoints(app: Hono<AppEnv>, deps: AppDeps, throttle: OAuthThrottle | null): void {
  const issuerOf = (c: Context) => deps.publicUrl ?? new URL(c.req.url).origin;

  if (throttle) {
    // Ahead of the client's lookup and the token work, which are what a flood would cost.
    app.post("/oauth/*", async (c, next) => {
      const { clientId } = claimedClient(c, await formOf(c));
      const outcome = await spendOAuthRequest(throttle, clientAddress(c), clientId);
      if (!outcome.allowed) {
        return oauthError(
          c,
          429,
          RATE_LIMITED_ERROR,
          "Too many requests; retry after the time in Retry-After.",
          {
            "Retry-After": String(outcome.retryAfterSeconds),
          },
        );
      }
      await next();
    });
  }

  app.get("/.well-known/oauth-authorization-server", (c) => {
    const issuer = issuerOf(c);
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/app/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      device_authorization_endpoint: `${issuer}/oauth/device_authorization`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      introspection_endpoint: `${issuer}/oauth/introspect`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token", DEVICE_CODE_GRANT],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
      revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
      introspection_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
      scopes_supported: [...deps.knownScopes].sort(),
      service_documentation: `${issuer}/docs`,
      bahi_access_token_lifetime_seconds: deps.accessTokenLifetimeSeconds,
      bahi_device_code_lifetime_seconds: DEVICE_CODE_LIFETIME_SECONDS,
      bahi_device_code_poll_interval_seconds: DEVICE_CODE_POLL_INTERVAL_SECONDS,
    });
  });

  // RFC 8628 3.1: a device asks for the codes; the member approves at the verification URI.
  app.post("/oauth/device_authorization", async (c) => {
    const form = await formOf(c);
    const client = await clientOf(c, deps, form);
    if (!client) return oauthError(c, 401, "invalid_client", "Unknown client, or a wrong secret.");
    const scopes = (form.scope ?? "").split(" ").filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !deps.knownScopes.has(scope))) {
      return oauthError(c, 400, "invalid_scope", "Ask for one or more of /v1's scopes, space-separated.");
    }
    const started = await startDeviceAuthorization(deps.db, client.id, scopes, new Date());
    const verificationUri = `${issuerOf(c)}/app/device`;
    const userCode = shownUserCode(started.userCode);
    return c.json(
      {
        device_code: started.deviceCode,
        user_code: userCode,
        verification_uri: verificationUri,
        verification_uri_complete: `${verificationUri}?user_code=${userCode}`,
        expires_in: started.expiresIn,
        interval: started.interval,
      },
      200,
      NO_STORE,
    );
  });

  app.post("/oauth/token", async (c) => {
    const form = await formOf(c);
    const request = new OAuth2Server.Request({
      method: "POST",
      headers: Object.fromEntries(c.req.raw.headers),
      query: {},
      body: form,
    });
    const response = new OAuth2Server.Response();
    try {
      await oauthServer(
        deps.db,
        deps.knownScopes,
        true,
        () => deps.keyCache.clear(),
        deps.accessTokenLifetimeSeconds,
      ).token(request, response);
    } catch (error) {
      if (!(error instanceof OAuth2Server.OAuthError)) throw error;
      const headers = response.headers?.["www-authenticate"]
        ? { "WWW-Authenticate": String(response.headers["www-authenticate"]) }
        : {};
      return oauthError(c, error.code, error.name, error.message, headers);
    }
    return c.json(response.body, 200, NO_STORE);
  });

  app.post("/oauth/revoke", async (c) => {
    const form = await formOf(c);
    const client = await clientOf(c, deps, form);
    if (!client) return oauthError(c, 401, "invalid_client", "Unknown client, or a wrong secret.");
    if (!form.token) return oauthError(c, 400, "invalid_request", "Missing parameter: `token`.");
    // RFC 7009 2.2: an unknown token, or another client's, is answered alike, with 200.
    if (await revokeToken(deps.db, client.id, form.token, new Date())) deps.keyCache.clear();
    return c.body(null, 200, NO_STORE);
  });

  app.post("/oauth/introspect", async (c) => {
    const form = await formOf(c);
    const client = await clientOf(c, deps, form);
    if (!client) return oauthError(c, 401, "invalid_client", "Unknown client, or a wrong secret.");
    if (!form.token) return oauthError(c, 400, "invalid_request", "Missing parameter: `token`.");
    return c.json(await introspectToken(deps.db, client.id, form.token, new Date()), 200, NO_STORE);
  });
}
