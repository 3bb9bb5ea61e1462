import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

/** MIN_PASSWORD_LENGTH and MAX_PASSWORD_LENGTH: NIST SP 800-63B's floor, and a ceiling for the hash's cost. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/** The common passwords zxcvbn-ts ships (about 49,000), as NIST SP 800-63B asks a check against. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary as Record<string, string[]>)["passwords-common"] ?? [],
);

/** Why a new password is refused, or null: length and the common list only, no composition rules. */
export function passwordWeakness(password: string): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (length > MAX_PASSWORD_LENGTH) return `A password has at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return "This password is too common; choose another.";
  return null;
}

/** argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  // Without a stored hash, the same work is done against a dummy, so timing does not tell who exists.
  const target = stored ?? DUMMY_HASH;
  const ok = await verify(target, password).catch(() => false);
  return ok && stored !== null;
}

const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$N9UaH7zG0DPyEoY/b1Xnhw$WGCB2m3S8qLcohRMaeWNjUPrdhONOili0iTDsiqu108";
