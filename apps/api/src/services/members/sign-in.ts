import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { members, memberships, signInFailures } from "../../db/schema.js";
import { passwordMatches } from "../../secrets/passwords.js";
import { ApiError } from "../../values/problem.js";
import { recordAudit } from "../audit/audit-log.js";

/** SIGN_IN_FAILURES_PER_EMAIL: failed sign-ins for one email within the window before it is refused. */
export const SIGN_IN_FAILURES_PER_EMAIL = 5;
/** SIGN_IN_FAILURES_PER_ADDRESS: failed sign-ins from one address within the window, whatever the email. */
export const SIGN_IN_FAILURES_PER_ADDRESS = 20;
/** SIGN_IN_WINDOW_MINUTES: how long a failure counts. */
export const SIGN_IN_WINDOW_MINUTES = 15;

const WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;

export const normalEmail = (email: string) => email.trim().toLowerCase();

type MemberRow = typeof members.$inferSelect;

const invalidCredentials = () =>
  new ApiError(401, "invalid_credentials", "The email or password is not right.", {
    title: "Sign-in failed",
  });

/**
 * Refuses an attempt (429 with Retry-After) while the email or the address has too many failures in
 * the window: until the oldest counted failure leaves it. Checked before the password, so a right
 * password does not get through a throttle either.
 */
export async function checkThrottle(db: Executor, email: string, address: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - WINDOW_MS);
  for (const [column, value, limit] of [
    [signInFailures.email, email, SIGN_IN_FAILURES_PER_EMAIL],
    [signInFailures.address, address, SIGN_IN_FAILURES_PER_ADDRESS],
  ] as const) {
    const [row] = await db
      .select({
        count: sql<string>`count(*)::text`,
        oldest: sql<string | null>`min(${signInFailures.at})::text`,
      })
      .from(signInFailures)
      .where(and(eq(column, value), gt(signInFailures.at, since)));
    if (row && Number(row.count) >= limit) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
      const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000));
      throw new ApiError(
        429,
        "sign_in_throttled",
        `Too many failed sign-ins; try again in ${retryAfter} seconds.`,
        { title: "Too many sign-in attempts", headers: { "Retry-After": String(retryAfter) } },
      );
    }
  }
}

export async function recordFailure(
  db: Executor,
  email: string,
  address: string,
  member: MemberRow | null,
  now: Date,
): Promise<void> {
  await db.insert(signInFailures).values({ email, address, at: now });
  if (!member) return;
  for (const { accountId } of await accountsOf(db, member.id)) {
    await recordAudit(db, {
      accountId,
      actor: { type: "member", id: member.id },
      action: "member.sign_in_failed",
      targetId: member.id,
      address,
    });
  }
}

export async function accountsOf(db: Executor, memberId: string) {
  return db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(eq(memberships.memberId, memberId))
    .orderBy(asc(memberships.createdAt));
}

/** The member whose email and password these are; 401 otherwise (the same answer for an unknown email). */
export async function checkPassword(
  db: Executor,
  emailAsTyped: string,
  password: string,
  address: string,
  now: Date,
): Promise<MemberRow> {
  const email = normalEmail(emailAsTyped);
  await checkThrottle(db, email, address, now);
  const [member] = await db.select().from(members).where(eq(members.email, email)).limit(1);
  if (!(await passwordMatches(member?.passwordHash ?? null, password)) || !member) {
    await recordFailure(db, email, address, member ?? null, now);
    throw invalidCredentials();
  }
  return member;
}

export async function findMemberByEmail(db: Executor, email: string): Promise<MemberRow | undefined> {
  const [member] = await db
    .select()
    .from(members)
    .where(eq(members.email, normalEmail(email)))
    .limit(1);
  return member;
}
