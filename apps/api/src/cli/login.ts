// `pnpm bahi login | whoami | logout`: a member's own sign-in from a terminal, as an OAuth client of
// the server over HTTP (the device grant, RFC 8628), with Bahi's public client `bahi-cli`. Unlike
// the operator's commands, these need no database: only the server's URL.
import { BAHI_CLI_CLIENT_ID } from "../services/oauth/apps.js";
import { ApiError } from "../values/problem.js";
import type { CommandOutput, Values } from "./commands.js";
import {
  credentialsPath,
  deleteCredentials,
  readCredentials,
  type StoredCredentials,
  writeCredentials,
} from "./credentials.js";

/** DEFAULT_LOGIN_SCOPES: enough for `whoami`; `--scopes` asks for more. */
export const DEFAULT_LOGIN_SCOPES = "account:read";
/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 30_000;
const DEFAULT_SERVER = "http://127.0.0.1:8080";

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope?: string;
}

export interface ClientContext {
  readonly env: NodeJS.ProcessEnv;
  /** Where the member is told what to do while the command waits (stderr). */
  readonly say: (line: string) => void;
  readonly sleep: (ms: number) => Promise<void>;
}

const serverOf = (values: Values, env: NodeJS.ProcessEnv) =>
  (typeof values.url === "string" && values.url) || env.BAHI_URL || DEFAULT_SERVER;

async function postForm(url: string, form: Record<string, string>) {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(form),
    });
  } catch (error) {
    throw new ApiError(503, "server_unreachable", `Cannot reach ${url}: ${(error as Error).message}`);
  }
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  return { status: response.status, body };
}

function stored(server: string, answer: TokenAnswer, now: number): StoredCredentials {
  return {
    server,
    client_id: BAHI_CLI_CLIENT_ID,
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    expires_at: new Date(now + answer.expires_in * 1000).toISOString(),
    scope: answer.scope ?? "",
  };
}

const oauthFailure = (body: Record<string, unknown>) =>
  new ApiError(
    400,
    String(body.error ?? "oauth_error"),
    String(body.error_description ?? body.error ?? "The server refused."),
  );

export async function login(values: Values, ctx: ClientContext): Promise<CommandOutput> {
  const server = serverOf(values, ctx.env);
  const scope =
    typeof values.scopes === "string" ? values.scopes.split(",").join(" ").trim() : DEFAULT_LOGIN_SCOPES;
  const started = await postForm(`${server}/oauth/device_authorization`, {
    client_id: BAHI_CLI_CLIENT_ID,
    scope,
  });
  if (started.status !== 200) throw oauthFailure(started.body);
  const codes = started.body as {
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete: string;
    expires_in: number;
    interval: number;
  };
  ctx.say(`Open ${codes.verification_uri} and enter the code ${codes.user_code}`);
  ctx.say(`(or open ${codes.verification_uri_complete})`);
  ctx.say("Waiting for you to approve…");
  let interval = codes.interval;
  const deadline = Date.now() + codes.expires_in * 1000;
  while (Date.now() < deadline) {
    await ctx.sleep(interval * 1000);
    const polled = await postForm(`${server}/oauth/token`, {
      grant_type: "urn:ietf:params:oauth:grant-type:device_code",
      device_code: codes.device_code,
      client_id: BAHI_CLI_CLIENT_ID,
    });
    if (polled.status === 200) {
      const path = credentialsPath(ctx.env);
      const credentials = stored(server, polled.body as unknown as TokenAnswer, Date.now());
      await writeCredentials(path, credentials);
      return {
        text: `Signed in to ${server} (${credentials.scope}). Tokens are in ${path}.`,
        json: { signed_in: true, server, scope: credentials.scope, credentials: path },
      };
    }
    if (polled.body.error === "authorization_pending") continue;
    // RFC 8628 3.5: each slow_down adds 5 seconds for this and every later poll.
    if (polled.body.error === "slow_down") {
      interval += 5;
      continue;
    }
    throw oauthFailure(polled.body);
  }
  throw new ApiError(400, "expired_token", "The code expired before it was approved: run login again.");
}

/** The stored tokens with an access token good for a while: refreshed (and stored) when not. */
async function freshCredentials(path: string, credentials: StoredCredentials, force: boolean) {
  if (!force && Date.parse(credentials.expires_at) - Date.now() > EXPIRY_MARGIN_MS) return credentials;
  const answer = await postForm(`${credentials.server}/oauth/token`, {
    grant_type: "refresh_token",
    refresh_token: credentials.refresh_token,
    client_id: credentials.client_id,
  });
  if (answer.status !== 200) {
    throw new ApiError(401, "not_signed_in", "The stored sign-in no longer works: run `pnpm bahi login`.");
  }
  const next = stored(credentials.server, answer.body as unknown as TokenAnswer, Date.now());
  await writeCredentials(path, next);
  return next;
}

const notSignedIn = () => new ApiError(401, "not_signed_in", "Not signed in: run `pnpm bahi login` first.");

export async function whoami(_values: Values, ctx: ClientContext): Promise<CommandOutput> {
  const path = credentialsPath(ctx.env);
  const saved = await readCredentials(path);
  if (!saved) throw notSignedIn();
  let credentials = await freshCredentials(path, saved, false);
  const accountOf = (token: string) =>
    fetch(`${credentials.server}/v1/account`, { headers: { authorization: `Bearer ${token}` } });
  let response = await accountOf(credentials.access_token);
  // Revoked or expired early (a server's clock ahead of ours): one refresh, then one retry.
  if (response.status === 401) {
    credentials = await freshCredentials(path, credentials, true);
    response = await accountOf(credentials.access_token);
  }
  if (response.status !== 200) {
    const problem = (await response.json()) as { code?: string; detail?: string };
    throw new ApiError(response.status, problem.code ?? "failed", problem.detail ?? "The server refused.");
  }
  const account = (await response.json()) as { id: string; legal_name: string };
  return {
    text: `${account.legal_name} (${account.id}) on ${credentials.server}, as ${credentials.scope}`,
    json: { account, server: credentials.server, scope: credentials.scope },
  };
}

export async function logout(_values: Values, ctx: ClientContext): Promise<CommandOutput> {
  const path = credentialsPath(ctx.env);
  const credentials = await readCredentials(path);
  if (!credentials) return { text: "Not signed in.", json: { signed_out: false } };
  // Revoking the refresh token ends the whole grant, its access token with it (RFC 7009).
  const revoked = await postForm(`${credentials.server}/oauth/revoke`, {
    token: credentials.refresh_token,
    token_type_hint: "refresh_token",
    client_id: credentials.client_id,
  }).catch(() => null);
  await deleteCredentials(path);
  const text =
    revoked?.status === 200
      ? `Signed out of ${credentials.server}; the tokens are revoked and deleted.`
      : `Deleted the stored tokens; ${credentials.server} could not be reached to revoke them.`;
  return { text, json: { signed_out: true, revoked: revoked?.status === 200 } };
}

export const clientCommands = { login, whoami, logout } as const;
