import type { appComponents } from "@bahi/contract/app";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invitations, memberLinks, members, memberships, sessions } from "../../db/schema.js";
import { newToken, tokenHash } from "../../secrets/link-tokens.js";
import { hashPassword, passwordWeakness } from "../../secrets/passwords.js";
import { newId } from "../../values/ids.js";
import { ApiError, conflict, notFound } from "../../values/problem.js";
import { type Actor, recordAudit } from "../audit/audit-log.js";
import { mayManageRole, type Role } from "./roles.js";
import { endSessionsOf } from "./sessions.js";
import { normalEmail } from "./sign-in.js";

/** INVITATION_LIFETIME_DAYS, RESET_LINK_LIFETIME_MINUTES, SIGN_IN_LINK_LIFETIME_HOURS: how long links work. */
export const INVITATION_LIFETIME_DAYS = 7;
export const RESET_LINK_LIFETIME_MINUTES = 60;
export const SIGN_IN_LINK_LIFETIME_HOURS = 24;

type Member = appComponents["schemas"]["Member"];
type Invitation = appComponents["schemas"]["Invitation"];
type MemberRow = typeof members.$inferSelect;

const weak = (detail: string) =>
  new ApiError(422, "weak_password", detail, {
    errors: [{ pointer: "/password", code: "weak_password", message: detail }],
  });

export async function newPasswordHash(password: string): Promise<string> {
  const weakness = passwordWeakness(password);
  if (weakness) throw weak(weakness);
  return hashPassword(password);
}

/** Makes a member with a password (the operator's first owner) and their role in the account. */
export async function createMember(
  db: Executor,
  input: { email: string; name?: string | null; password?: string | null; accountId: string; role: Role },
): Promise<MemberRow> {
  const email = normalEmail(input.email);
  const [existing] = await db.select().from(members).where(eq(members.email, email)).limit(1);
  const member =
    existing ??
    (
      await db
        .insert(members)
        .values({
          id: newId("member"),
          email,
          name: input.name ?? null,
          passwordHash: input.password ? await newPasswordHash(input.password) : null,
        })
        .returning()
    )[0];
  if (!member) throw new Error("insert returned no member");
  await db
    .insert(memberships)
    .values({ accountId: input.accountId, memberId: member.id, role: input.role })
    .onConflictDoUpdate({ target: [memberships.accountId, memberships.memberId], set: { role: input.role } });
  return member;
}

const toMember = (row: MemberRow, role: Role, createdAt: Date): Member => ({
  id: row.id,
  object: "member",
  email: row.email,
  name: row.name,
  role,
  totp_enabled: row.totpSecretSealed !== null,
  created_at: createdAt.toISOString(),
});

const toInvitation = (row: typeof invitations.$inferSelect): Invitation => ({
  id: row.id,
  object: "invitation",
  email: row.email,
  role: row.role,
  expires_at: row.expiresAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});

export async function listMembers(db: Executor, accountId: string, now: Date) {
  const rows = await db
    .select({ member: members, role: memberships.role, joined: memberships.createdAt })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(members.id));
  const pending = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.accountId, accountId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(asc(invitations.id));
  return {
    object: "list" as const,
    data: rows.map((r) => toMember(r.member, r.role, r.joined)),
    invitations: pending.map(toInvitation),
  };
}

async function membershipOf(db: Executor, accountId: string, memberId: string) {
  const [row] = await db
    .select({ member: members, role: memberships.role, joined: memberships.createdAt })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.memberId, memberId)))
    .limit(1);
  if (!row) throw notFound("member", memberId);
  return row;
}

async function otherOwners(db: Executor, accountId: string, memberId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)::text` })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.role, "owner"),
        ne(memberships.memberId, memberId),
      ),
    );
  return Number(row?.count ?? 0);
}

const forbidden = (detail: string) => new ApiError(403, "role_not_allowed", detail, { title: "Not allowed" });

export async function changeRole(
  db: Executor,
  by: { accountId: string; role: Role; actor: Actor; address: string | null },
  memberId: string,
  role: Role,
): Promise<Member> {
  const current = await membershipOf(db, by.accountId, memberId);
  if (!mayManageRole(by.role, current.role) || !mayManageRole(by.role, role)) {
    throw forbidden("Only an owner may make an owner or change an owner's role.");
  }
  if (current.role === "owner" && role !== "owner" && (await otherOwners(db, by.accountId, memberId)) === 0) {
    throw conflict("last_owner", "An account keeps at least one owner: make another owner first.");
  }
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.accountId, by.accountId), eq(memberships.memberId, memberId)));
  await recordAudit(db, {
    accountId: by.accountId,
    actor: by.actor,
    action: "member.role_changed",
    targetId: memberId,
    details: { from: current.role, to: role },
    address: by.address,
  });
  return toMember(current.member, role, current.joined);
}

export async function removeMember(
  db: Executor,
  by: { accountId: string; role: Role; actor: Actor; address: string | null },
  memberId: string,
  now: Date,
): Promise<void> {
  const current = await membershipOf(db, by.accountId, memberId);
  if (!mayManageRole(by.role, current.role)) throw forbidden("Only an owner may remove an owner.");
  if (current.role === "owner" && (await otherOwners(db, by.accountId, memberId)) === 0) {
    throw conflict("last_owner", "The last owner cannot be removed.");
  }
  await db
    .delete(memberships)
    .where(and(eq(memberships.accountId, by.accountId), eq(memberships.memberId, memberId)));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.memberId, memberId), eq(sessions.accountId, by.accountId), isNull(sessions.revokedAt)),
    );
  await recordAudit(db, {
    accountId: by.accountId,
    actor: by.actor,
    action: "member.removed",
    targetId: memberId,
    details: { email: current.member.email, role: current.role },
    address: by.address,
  });
}

export async function invite(
  db: Executor,
  by: { accountId: string; role: Role; actor: Actor; address: string | null },
  input: { email: string; role: Role },
  now: Date,
): Promise<{ invitation: Invitation; token: string }> {
  if (!mayManageRole(by.role, input.role)) throw forbidden("Only an owner may invite an owner.");
  const email = normalEmail(input.email);
  const [already] = await db
    .select({ id: members.id })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .where(and(eq(memberships.accountId, by.accountId), eq(members.email, email)));
  if (already) throw conflict("already_a_member", `${email} is a member of this account already.`);
  const { token, hash } = newToken();
  const [row] = await db
    .insert(invitations)
    .values({
      accountId: by.accountId,
      id: newId("invitation"),
      email,
      role: input.role,
      tokenHash: hash,
      invitedBy: by.actor.id,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000),
    })
    .returning();
  if (!row) throw new Error("insert returned no invitation");
  await recordAudit(db, {
    accountId: by.accountId,
    actor: by.actor,
    action: "member.invited",
    targetId: row.id,
    details: { email, role: input.role },
    address: by.address,
  });
  return { invitation: toInvitation(row), token };
}

const linkNotFound = () => new ApiError(404, "link_not_found", "This link is unknown, used or expired.");

/**
 * Joins the invitation's account. A new person sets their password; a person who has one already
 * proves it with that password (401 otherwise).
 */
export async function acceptInvitation(
  db: Executor,
  input: { token: string; name?: string | undefined; password: string },
  address: string | null,
  now: Date,
  passwordIsRight: (member: MemberRow, password: string) => Promise<boolean>,
): Promise<{ member: MemberRow; accountId: string }> {
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.tokenHash, tokenHash(input.token)),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .limit(1);
  if (!invitation) throw linkNotFound();
  const [existing] = await db.select().from(members).where(eq(members.email, invitation.email)).limit(1);
  if (existing?.passwordHash && !(await passwordIsRight(existing, input.password))) {
    throw new ApiError(401, "invalid_credentials", "You have a Bahi password already: send that one.");
  }
  const member = await createMember(db, {
    email: invitation.email,
    name: input.name ?? null,
    password: existing?.passwordHash ? null : input.password,
    accountId: invitation.accountId,
    role: invitation.role,
  });
  if (existing && !existing.passwordHash) {
    await db
      .update(members)
      .set({ passwordHash: await newPasswordHash(input.password) })
      .where(eq(members.id, member.id));
  }
  await db.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id));
  await recordAudit(db, {
    accountId: invitation.accountId,
    actor: { type: "member", id: member.id },
    action: "member.joined",
    targetId: member.id,
    details: { role: invitation.role },
    address,
  });
  return { member, accountId: invitation.accountId };
}

/** A one-time link for a member: a password reset or a sign-in link. Returns its token, for the email. */
export async function issueLink(
  db: Executor,
  memberId: string,
  purpose: "password_reset" | "sign_in",
  now: Date,
  lifetime = purpose === "password_reset"
    ? RESET_LINK_LIFETIME_MINUTES * 60_000
    : SIGN_IN_LINK_LIFETIME_HOURS * 3_600_000,
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(memberLinks).values({
    id: newId("memberLink"),
    memberId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + lifetime),
  });
  return token;
}

/** Uses a link up: its member, or 404 when unknown, used, expired or of another purpose. */
export async function redeemLink(
  db: Executor,
  token: string,
  purpose: "password_reset" | "sign_in",
  now: Date,
): Promise<MemberRow> {
  const [link] = await db
    .update(memberLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(memberLinks.tokenHash, tokenHash(token)),
        eq(memberLinks.purpose, purpose),
        isNull(memberLinks.usedAt),
        gt(memberLinks.expiresAt, now),
      ),
    )
    .returning();
  if (!link) throw linkNotFound();
  const [member] = await db.select().from(members).where(eq(members.id, link.memberId));
  if (!member) throw linkNotFound();
  return member;
}

export async function resetPassword(
  db: Executor,
  token: string,
  password: string,
  address: string | null,
  now: Date,
) {
  const hash = await newPasswordHash(password);
  const member = await redeemLink(db, token, "password_reset", now);
  await db.update(members).set({ passwordHash: hash, updatedAt: now }).where(eq(members.id, member.id));
  await endSessionsOf(db, member.id, now);
  const accounts = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(eq(memberships.memberId, member.id));
  for (const { accountId } of accounts) {
    await recordAudit(db, {
      accountId,
      actor: { type: "member", id: member.id },
      action: "member.password_reset",
      targetId: member.id,
      address,
    });
  }
}
