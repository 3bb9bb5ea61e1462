// People and their sign-in: members, their roles per account, sessions, invitations, one-time links,
// TOTP recovery codes, sign-in failures (for throttling) and the audit log. See docs/app.md.
import { enums as appEnums } from "@bahi/contract/app-enums";
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A person. Email is kept lower-cased; the password only as an argon2id hash. */
export const members = pgTable(
  "members",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash"),
    /** The TOTP secret, sealed by the secret box; null until two-factor sign-in is confirmed. */
    totpSecretSealed: text("totp_secret_sealed"),
    /** An enrolment not yet confirmed by a first code. */
    totpPendingSealed: text("totp_pending_sealed"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("members_email_key").on(t.email)],
);

/** A member's role in one account. */
export const memberships = pgTable(
  "memberships",
  {
    accountId: text("account_id").notNull(),
    memberId: text("member_id").notNull(),
    role: text("role", { enum: appEnums.Role }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.memberId] }), index("memberships_member_idx").on(t.memberId)],
);

/** A signed-in browser. Only the SHA-256 of the cookie's token is kept. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The account and mode the member works in; switched from the page header. */
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull().default(false),
    /** Password checked, TOTP code still due: the session can do nothing else. */
    secondFactorPending: boolean("second_factor_pending").notNull().default(false),
    address: text("address"),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_member_idx").on(t.memberId),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    accountId: text("account_id").notNull(),
    id: text("id").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: appEnums.Role }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by"),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    acceptedAt: at("accepted_at"),
    revokedAt: at("revoked_at"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
  ],
);

/** One-time links sent to a member: a password reset, or a sign-in link (the demo owner's). */
export const memberLinks = pgTable(
  "member_links",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id").notNull(),
    purpose: text("purpose", { enum: ["password_reset", "sign_in"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [uniqueIndex("member_links_token_hash_key").on(t.tokenHash)],
);

export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    memberId: text("member_id").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.codeHash] })],
);

/** Failed sign-ins, counted over a window per email and per address. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    email: text("email").notNull(),
    address: text("address").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    index("sign_in_failures_email_idx").on(t.email, t.at),
    index("sign_in_failures_address_idx").on(t.address, t.at),
  ],
);

/** Security-relevant actions, per account: who (a member or an API key), what, when, from where. */
export const auditLog = pgTable(
  "audit_log",
  {
    accountId: text("account_id").notNull(),
    id: text("id").notNull(),
    /** Null for account-wide actions (members, sign-ins); the mode for keys and webhooks. */
    livemode: boolean("livemode"),
    actorType: text("actor_type", { enum: ["member", "api_key", "operator"] }).notNull(),
    actorId: text("actor_id"),
    /** The OAuth app that acted for the member, when an access token was used. */
    actorAppId: text("actor_app_id"),
    action: text("action").notNull(),
    targetId: text("target_id"),
    details: jsonb("details").notNull().default({}),
    address: text("address"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);

/**
 * A member's personal access token for /v1, in one account and mode. Only the SHA-256 of the token is
 * kept: it carries 256 random bits, so a fast hash cannot be inverted.
 */
export const personalAccessTokens = pgTable(
  "personal_access_tokens",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    memberId: text("member_id").notNull(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    tokenHash: text("token_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    lastUsedAt: at("last_used_at"),
    revokedAt: at("revoked_at"),
  },
  (t) => [
    uniqueIndex("personal_access_tokens_token_hash_key").on(t.tokenHash),
    index("personal_access_tokens_member_idx").on(t.memberId, t.accountId),
  ],
);
