import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";
/** Standard Webhooks asks for 24 to 64 bytes; 32 match the key size of HMAC-SHA256. */
const SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** A `v1,<base64 HMAC-SHA256>` signature of `${id}.${timestamp}.${body}`, keyed with the secret's bytes. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The Standard Webhooks headers of one attempt: one signature per secret in use, space-separated. */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => signature(s, id, timestamp, body)).join(" "),
  };
}
