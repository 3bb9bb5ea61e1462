import type { appComponents } from "@bahi/contract/app";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { accounts, members, memberships, sessions } from "../../db/schema.js";
import { csrfTokenOf, newToken, tokenHash } from "../../secrets/link-tokens.js";
import { newId } from "../../values/ids.js";
import { ApiError } from "../../values/problem.js";
import type { Principal } from "../accounts/principal.js";
import { type Role, scopesOf } from "./roles.js";

/** SESSION_LIFETIME_HOURS: a session ends this long after its sign-in, whatever happens. */
export const SESSION_LIFETIME_HOURS = 12;

type SessionBody = appComponents["schemas"]["Session"];
type SessionRow = typeof sessions.$inferSelect;
type MemberRow = typeof members.$inferSelect;

/** A signed-in browser, as each request finds it: the member, their role where they work, the account. */
export interface MemberSession {
  readonly session: SessionRow;
  readonly member: MemberRow;
  readonly role: Role;
  readonly plan: Principal["plan"];
  readonly subscriptionStatus: Principal["subscriptionStatus"];
}

export const signedOut = () =>
  new ApiError(401, "not_signed_in", "Sign in first: this request has no valid session.", {
    title: "Not signed in",
  });

/**
 * Starts a session with a new token; the browser's previous one, if any, ends (a session is never
 * carried across a sign-in). The member works in `accountId`, or in their oldest account.
 */
export async function startSession(
  db: Executor,
  input: {
    memberId: string;
    accountId?: string | null;
    livemode?: boolean;
    secondFactorPending: boolean;
    address: string | null;
    replacing: string | null;
    now: Date;
  },
): Promise<{ token: string; session: SessionRow }> {
  if (input.replacing) {
    await db
      .update(sessions)
      .set({ revokedAt: input.now })
      .where(and(eq(sessions.tokenHash, tokenHash(input.replacing)), isNull(sessions.revokedAt)));
  }
  const accountId = input.accountId ?? (await firstAccountOf(db, input.memberId));
  if (!accountId) throw new ApiError(403, "no_account", "This member belongs to no account.");
  const { token, hash } = newToken();
  const [session] = await db
    .insert(sessions)
    .values({
      id: newId("session"),
      memberId: input.memberId,
      tokenHash: hash,
      accountId,
      livemode: input.livemode ?? false,
      secondFactorPending: input.secondFactorPending,
      address: input.address,
      expiresAt: new Date(input.now.getTime() + SESSION_LIFETIME_HOURS * 3_600_000),
    })
    .returning();
  if (!session) throw new Error("insert returned no session");
  return { token, session };
}

async function firstAccountOf(db: Executor, memberId: string): Promise<string | null> {
  const [first] = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(eq(memberships.memberId, memberId))
    .orderBy(asc(memberships.createdAt), asc(memberships.accountId))
    .limit(1);
  return first?.accountId ?? null;
}

/**
 * The live session of a cookie's token, with the member's role in the session's account: null when
 * the token is unknown, revoked or expired, or the member no longer belongs to the account.
 */
export async function findSession(db: Executor, token: string, now: Date): Promise<MemberSession | null> {
  const [row] = await db
    .select({
      session: sessions,
      member: members,
      role: memberships.role,
      plan: accounts.plan,
      subscriptionStatus: accounts.subscriptionStatus,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .innerJoin(
      memberships,
      and(eq(memberships.memberId, sessions.memberId), eq(memberships.accountId, sessions.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(eq(sessions.tokenHash, tokenHash(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}

/** What a session may do in its account and mode, as a principal of the /v1 operations. */
export function principalOfSession(found: MemberSession): Principal {
  return {
    accountId: found.session.accountId,
    livemode: found.session.livemode,
    keyId: found.session.id,
    memberId: found.member.id,
    scopes: scopesOf(found.role),
    plan: found.plan,
    subscriptionStatus: found.subscriptionStatus,
  };
}

export async function endSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of the member ("sign out everywhere", a password reset). */
export async function endSessionsOf(db: Executor, memberId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}

export async function switchSession(
  db: Executor,
  found: MemberSession,
  change: { account_id?: string | undefined; livemode?: boolean | undefined },
): Promise<void> {
  if (change.account_id && change.account_id !== found.session.accountId) {
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.memberId, found.member.id), eq(memberships.accountId, change.account_id)));
    if (!membership) throw new ApiError(404, "not_found", `No account ${change.account_id} of yours.`);
  }
  await db
    .update(sessions)
    .set({
      ...(change.account_id ? { accountId: change.account_id } : {}),
      ...(change.livemode !== undefined ? { livemode: change.livemode } : {}),
    })
    .where(eq(sessions.id, found.session.id));
}

/** The session as the application's contract shows it. */
export async function toSessionBody(
  db: Executor,
  session: SessionRow,
  member: MemberRow,
  token: string,
): Promise<SessionBody> {
  const accountsOfMember = await db
    .select({ account_id: memberships.accountId, legal_name: accounts.legalName, role: memberships.role })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.memberId, member.id))
    .orderBy(asc(memberships.createdAt), asc(memberships.accountId));
  const role = accountsOfMember.find((a) => a.account_id === session.accountId)?.role ?? "viewer";
  return {
    object: "session",
    member: {
      id: member.id,
      email: member.email,
      name: member.name,
      totp_enabled: member.totpSecretSealed !== null,
    },
    account_id: session.accountId,
    livemode: session.livemode,
    role,
    scopes: [...scopesOf(role)],
    csrf_token: csrfTokenOf(token),
    second_factor_pending: session.secondFactorPending,
    expires_at: session.expiresAt.toISOString(),
    accounts: accountsOfMember,
  };
}

export async function memberById(db: Executor, memberId: string): Promise<MemberRow> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member) throw new Error(`member ${memberId} is gone`);
  return member;
}
