import { fromBase64, toBase64 } from "./base64.js";
import type { Schema } from "./types.js";

/** A webhook delivery's headers: a `Headers` (fetch, edge runtimes) or a plain object (Node, Express). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyOptions {
  /** Seconds a delivery's `webhook-timestamp` may be away from now, either way. Default: 300. */
  tolerance?: number;
  /** Now, in Unix seconds, for tests of old deliveries (the Standard Webhooks vectors). Default: the clock. */
  now?: number;
}

export interface SignOptions {
  /** The delivery's `webhook-id`; Bahi uses the event's id. */
  id: string;
  /** Unix seconds. Default: now. */
  timestamp?: number;
}

/** A delivery's signature headers, as Bahi sends them. (A type, so that it is a `WebhookHeaders` too.) */
export type WebhookSignatureHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/** A delivery that is not provably from Bahi, or not recent: answer it with 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

const encoder = new TextEncoder();
const SECRET_PREFIX = "whsec_";

function header(headers: WebhookHeaders, name: string): string | undefined {
  // Duck-typed: a Headers of another realm or a fetch polyfill is not `instanceof` this realm's.
  if (typeof headers.get === "function") return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return typeof value === "string" ? value : value?.join(" ");
  }
  return undefined;
}

function signingKey(secret: string, usage: "sign" | "verify") {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  } catch {
    throw new WebhookVerificationError("The webhook secret is not `whsec_` followed by base64");
  }
  // WebCrypto refuses an empty HMAC key with its own DataError, which callers do not expect from us.
  if (raw.length === 0) throw new WebhookVerificationError("The webhook secret has no key after `whsec_`");
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/** What is signed: `${id}.${timestamp}.` followed by the body's exact bytes. */
function signedContent(id: string, timestamp: string, body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const payload = typeof body === "string" ? encoder.encode(body) : body;
  const content = new Uint8Array(prefix.length + payload.length);
  content.set(prefix);
  content.set(payload, prefix.length);
  return content;
}

/**
 * Verifies a webhook delivery (Standard Webhooks) with WebCrypto and returns its event. Pass the raw
 * body exactly as received, a string or bytes: parsed and re-serialised JSON no longer matches the
 * signature. During a secret rotation a delivery carries several signatures; one match is enough.
 * Throws `WebhookVerificationError` for a missing header, a timestamp more than `tolerance` seconds
 * away, no matching signature, a malformed secret or a signed body that is not JSON.
 */
export async function verifyWebhook(
  body: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): Promise<Schema<"Event">> {
  if (typeof body !== "string" && !(body instanceof Uint8Array))
    throw new WebhookVerificationError(
      "Pass the raw request body (a string or Uint8Array), not parsed JSON: re-serialising changes the signed bytes",
    );
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError(
      "Missing webhook-id, webhook-timestamp or webhook-signature header: not a Bahi delivery",
    );
  const sentAt = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || !Number.isSafeInteger(sentAt))
    throw new WebhookVerificationError(`webhook-timestamp ${JSON.stringify(timestamp)} is not Unix seconds`);
  const tolerance = options.tolerance ?? 300;
  const skew = (options.now ?? Math.floor(Date.now() / 1000)) - sentAt;
  if (Math.abs(skew) > tolerance)
    throw new WebhookVerificationError(
      `webhook-timestamp is ${Math.abs(skew)} s ${skew > 0 ? "old" : "ahead"}, more than the ${tolerance} s tolerated`,
    );

  const key = await signingKey(secret, "verify");
  const content = signedContent(id, timestamp, body);
  for (const signature of signatures.split(" ")) {
    const [version, value] = signature.split(",", 2);
    if (version !== "v1" || !value) continue;
    let mac: Uint8Array<ArrayBuffer>;
    try {
      mac = fromBase64(value);
    } catch {
      continue;
    }
    // WebCrypto's verify compares in constant time, unlike comparing base64 strings.
    if (await crypto.subtle.verify("HMAC", key, mac, content)) {
      const text = typeof body === "string" ? body : new TextDecoder().decode(body);
      try {
        return JSON.parse(text) as Schema<"Event">;
      } catch (error) {
        throw new WebhookVerificationError("The signed body is not JSON: not a Bahi event", { cause: error });
      }
    }
  }
  throw new WebhookVerificationError("No webhook-signature matches the body and the secret");
}

/** Signs a body as Bahi does, for testing your webhook endpoint. */
export async function signWebhook(
  body: string | Uint8Array,
  secret: string,
  options: SignOptions,
): Promise<WebhookSignatureHeaders> {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const key = await signingKey(secret, "sign");
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, signedContent(options.id, timestamp, body)),
  );
  return {
    "webhook-id": options.id,
    "webhook-timestamp": timestamp,
    "webhook-signature": `v1,${toBase64(mac)}`,
  };
}
