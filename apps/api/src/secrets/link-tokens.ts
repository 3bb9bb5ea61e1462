import { hash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Random bearer tokens for people: session cookies and emailed links (32 bytes, base64url, 43
 * characters). Only their SHA-256 is stored; a token carries 256 bits, so a fast hash suffices.
 */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: tokenHash(token) };
}

export function tokenHash(token: string): string {
  return hash("sha256", token, "hex");
}

/** The CSRF token of a session: derived from its cookie's token, so it needs no storage of its own. */
export function csrfTokenOf(sessionToken: string): string {
  return hash("sha256", `csrf\0${sessionToken}`, "base64url");
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Recovery codes: 10 base32 characters in two groups of five, e.g. `k3x9p-7qm2a`. */
export function newRecoveryCode(): string {
  const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
  const bytes = randomBytes(10);
  let code = "";
  for (let i = 0; i < 10; i++) code += alphabet[(bytes[i] ?? 0) % 32];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
