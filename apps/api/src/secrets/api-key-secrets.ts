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

export function newApiKeySecret(livemode: boolean): NewSecret {
  let body = "";
  for (let i = 0; i < SECRET_BODY_LENGTH; i++) body += BASE62[randomInt(62)];
  const secret = `sk_${livemode ? "live" : "test"}_${body}`;
  return {
    secret,
    hash: hashSecret(secret),
    prefix: secret.slice(0, PREFIX_LENGTH),
    last4: secret.slice(-4),
  };
}

export function isWellFormedSecret(secret: string): boolean {
  return SECRET_PATTERN.test(secret);
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
