import { hash, randomInt, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 43 base62 characters carry 256 bits, well above the 160 bits a bearer secret needs. */
export const SECRET_BODY_LENGTH = 43;
const SECRET_PATTERN = /^sk_(test|live)_[0-9A-Za-z]{43}$/;
/** Characters of the secret shown in listings; short enough to reveal nothing useful. */
const PREFIX_LENGTH = "sk_test_".length + 3;

export interface NewSecret {
  secret: string;
  hash: string;
  prefix: string;
  last4: string;
}

/** A personal access token's prefix: distinct from keys', so a leaked one is recognised (and scanned for). */
export const PERSONAL_ACCESS_TOKEN_PREFIX = "bahi_pat_";
const PERSONAL_ACCESS_TOKEN_PATTERN = /^bahi_pat_[0-9A-Za-z]{43}$/;

function newSecret(head: string, prefixLength: number): NewSecret {
  let body = "";
  for (let i = 0; i < SECRET_BODY_LENGTH; i++) body += BASE62[randomInt(62)];
  const secret = `${head}${body}`;
  return {
    secret,
    hash: hashSecret(secret),
    prefix: secret.slice(0, prefixLength),
    last4: secret.slice(-4),
  };
}

export function newApiKeySecret(livemode: boolean): NewSecret {
  return newSecret(`sk_${livemode ? "live" : "test"}_`, PREFIX_LENGTH);
}

/** The heads of the OAuth server's secrets: access and refresh tokens, client secrets, codes. */
export const OAUTH_ACCESS_TOKEN_PREFIX = "bahi_at_";
export const OAUTH_REFRESH_TOKEN_PREFIX = "bahi_rt_";
export const OAUTH_CLIENT_SECRET_PREFIX = "bahi_cs_";
export const OAUTH_CODE_PREFIX = "bahi_ac_";
export const OAUTH_DEVICE_CODE_PREFIX = "bahi_dc_";

/** A random secret with a head that says what it is; 256 random bits, so SHA-256 suffices to store it. */
export function newPrefixedSecret(head: string): NewSecret {
  return newSecret(head, head.length + 3);
}

export function isWellFormedPrefixed(head: string, secret: string): boolean {
  return secret.startsWith(head) && /^[0-9A-Za-z]{43}$/.test(secret.slice(head.length));
}

export function newPersonalAccessToken(): NewSecret {
  return newSecret(PERSONAL_ACCESS_TOKEN_PREFIX, PERSONAL_ACCESS_TOKEN_PREFIX.length + 3);
}

export function isWellFormedSecret(secret: string): boolean {
  return SECRET_PATTERN.test(secret);
}

export function isWellFormedPersonalAccessToken(token: string): boolean {
  return PERSONAL_ACCESS_TOKEN_PATTERN.test(token);
}

/** One-shot hashing: every authenticated request hashes its key, and a Hash object costs more than the hash. */
export function hashSecret(secret: string): string {
  return hash("sha256", secret, "hex");
}

/** Compares two hex digests without an early exit, so timing says nothing about how much matched. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
