import { and, eq, isNull } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Executor } from "../../db/client.js";
import { members, recoveryCodes } from "../../db/schema.js";
import { newRecoveryCode, tokenHash } from "../../secrets/link-tokens.js";
import type { SecretBox } from "../../secrets/secret-box.js";
import { ApiError } from "../../values/problem.js";

/** RECOVERY_CODE_COUNT: recovery codes made when two-factor sign-in is turned on, each good once. */
export const RECOVERY_CODE_COUNT = 10;
/** TOTP_WINDOW_STEPS: codes of this many 30-second steps either side of now are taken (clock drift). */
export const TOTP_WINDOW_STEPS = 1;

type MemberRow = typeof members.$inferSelect;

const totpOf = (secret: string, email: string) =>
  new TOTP({
    issuer: "Bahi",
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

export function codeMatches(secret: string, email: string, code: string, now: Date): boolean {
  return (
    totpOf(secret, email).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW_STEPS }) !==
    null
  );
}

/** The current code of a secret: for tests and for nothing else. */
export function currentCode(secret: string, now: Date): string {
  return totpOf(secret, "x").generate({ timestamp: now.getTime() });
}

export async function startTotp(db: Executor, box: SecretBox, member: MemberRow) {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(members)
    .set({ totpPendingSealed: box.seal(secret) })
    .where(eq(members.id, member.id));
  return { secret, otpauth_uri: totpOf(secret, member.email).toString() };
}

export async function confirmTotp(db: Executor, box: SecretBox, member: MemberRow, code: string, now: Date) {
  if (member.totpSecretSealed)
    throw new ApiError(409, "totp_already_enabled", "Two-factor sign-in is on already.");
  if (!member.totpPendingSealed)
    throw new ApiError(409, "totp_not_started", "Start two-factor sign-in first.");
  const secret = box.unseal(member.totpPendingSealed);
  if (!codeMatches(secret, member.email, code, now)) throw wrongCode();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db
    .update(members)
    .set({ totpSecretSealed: member.totpPendingSealed, totpPendingSealed: null })
    .where(eq(members.id, member.id));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.memberId, member.id));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ memberId: member.id, codeHash: tokenHash(c) })));
  return { recovery_codes: codes };
}

export async function disableTotp(db: Executor, box: SecretBox, member: MemberRow, code: string, now: Date) {
  if (!member.totpSecretSealed) throw new ApiError(422, "totp_not_enabled", "Two-factor sign-in is not on.");
  if (!codeMatches(box.unseal(member.totpSecretSealed), member.email, code, now)) throw wrongCode();
  await db
    .update(members)
    .set({ totpSecretSealed: null, totpPendingSealed: null })
    .where(eq(members.id, member.id));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.memberId, member.id));
}

/** Whether a second factor is right: a current code, or an unused recovery code (then used up). */
export async function secondFactorMatches(
  db: Executor,
  box: SecretBox,
  member: MemberRow,
  factor: { code?: string | undefined; recovery_code?: string | undefined },
  now: Date,
): Promise<boolean> {
  if (!member.totpSecretSealed) return false;
  if (factor.code) return codeMatches(box.unseal(member.totpSecretSealed), member.email, factor.code, now);
  if (!factor.recovery_code) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.memberId, member.id),
        eq(recoveryCodes.codeHash, tokenHash(factor.recovery_code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning();
  return used.length === 1;
}

const wrongCode = () =>
  new ApiError(422, "invalid_code", "The code is not right; check the authenticator's clock.");
