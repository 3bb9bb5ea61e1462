// The OAuth 2.0 authorization server's state: registered apps, authorization codes, and the tokens
// issued (access and refresh, by grant). Codes, secrets and tokens are kept only as SHA-256 digests.
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** An app registered by a member of `account_id`; any member of any account may then authorize it. */
export const oauthApps = pgTable("oauth_apps", {
  /** Also its `client_id`. */
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
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
