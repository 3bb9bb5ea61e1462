// The OAuth 2.0 authorization server's state: registered apps, authorization codes, and the tokens
// issued (access and refresh, by grant). Codes, secrets and tokens are kept only as SHA-256 digests.
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * An app registered by a member of `account_id`; any member of any account may then authorize it.
 * Bahi's own command-line client (`bahi-cli`, put there by a migration) belongs to no account.
 */
export const oauthApps = pgTable("oauth_apps", {
  /** Also its `client_id`. */
  id: text("id").primaryKey(),
  accountId: text("account_id"),
  name: text("name").notNull(),
  /** Confidential apps authenticate with their secret at the token endpoint; public ones cannot. */
  confidential: boolean("confidential").notNull(),
  clientSecretHash: text("client_secret_hash"),
  redirectUris: text("redirect_uris").array().notNull(),
  createdBy: text("created_by"),
  createdAt: createdAt(),
});

/** A code issued at consent: single use, minutes long, bound to its PKCE challenge and redirect URI. */
export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  /** The grant its tokens will belong to: a code used twice revokes them. */
  grantId: text("grant_id").notNull(),
  appId: text("app_id").notNull(),
  memberId: text("member_id").notNull(),
  accountId: text("account_id").notNull(),
  livemode: boolean("livemode").notNull(),
  scopes: text("scopes").array().notNull(),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  codeChallengeMethod: text("code_challenge_method").notNull(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
});

/**
 * Tokens of one grant (a consent, then its refreshes) share `grant_id`: a refresh token used twice
 * revokes the whole grant.
 */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    id: text("id").primaryKey(),
    grantId: text("grant_id").notNull(),
    kind: text("kind", { enum: ["access", "refresh"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    appId: text("app_id").notNull(),
    memberId: text("member_id").notNull(),
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    /** For a refresh token, also set when it is exchanged (rotated). */
    revokedAt: at("revoked_at"),
  },
  (t) => [
    uniqueIndex("oauth_tokens_token_hash_key").on(t.tokenHash),
    index("oauth_tokens_grant_idx").on(t.grantId),
  ],
);

/**
 * A device authorization (RFC 8628): the device polls with its device code while a member types the
 * user code at /app/device and approves or denies. Both codes are kept only as SHA-256 digests; the
 * member, account and mode are set when the member approves.
 */
export const oauthDeviceCodes = pgTable(
  "oauth_device_codes",
  {
    deviceCodeHash: text("device_code_hash").primaryKey(),
    userCodeHash: text("user_code_hash").notNull(),
    /** The grant its tokens will belong to. */
    grantId: text("grant_id").notNull(),
    appId: text("app_id").notNull(),
    scopes: text("scopes").array().notNull(),
    status: text("status", { enum: ["pending", "approved", "denied", "used"] }).notNull(),
    /** Raised by 5 s at each poll that comes too soon (RFC 8628 3.5, `slow_down`). */
    intervalSeconds: integer("interval_seconds").notNull(),
    lastPolledAt: at("last_polled_at"),
    memberId: text("member_id"),
    accountId: text("account_id"),
    livemode: boolean("livemode"),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [uniqueIndex("oauth_device_codes_user_code_hash_key").on(t.userCodeHash)],
);

/** User codes typed wrong at /app/device, counted per member over a window against guessing. */
export const userCodeFailures = pgTable(
  "user_code_failures",
  {
    memberId: text("member_id").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("user_code_failures_member_idx").on(t.memberId, t.at)],
);
