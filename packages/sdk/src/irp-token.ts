import { fromBase64 } from "./base64.js";
import type { Schema } from "./types.js";

/**
 * A signed QR code or signed invoice that is not provably the IRP's (or the sandbox's): a token that
 * is malformed, signed with another algorithm or an unknown key, or whose signature does not match.
 */
export class IrpTokenError extends Error {
  override readonly name = "IrpTokenError";
}

/** What a verified token says: the key that signed it, its issuer, and its `data`, parsed. */
export interface VerifiedIrpToken {
  /** The `kid` of the key in `GET /v1/einvoice/jwks` that signed it. */
  readonly kid: string;
  /** The token's `iss`: Bahi's sandbox, or the government's IRP in live mode. */
  readonly issuer: string;
  /**
   * The signed document: for a signed QR code, the seller's and buyer's GSTINs, the document's number,
   * type, date and value, its item count, main HSN code and IRN; for a signed invoice, the registered
   * e-invoice with its `AckNo`, `AckDt` and `Irn`.
   */
  readonly data: unknown;
}

const decoder = new TextDecoder();

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  // A length of 4n + 1 is no base64 at all: atob would throw its own DOMException for it.
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1)
    throw new IrpTokenError("The token is not base64url in three parts");
  return fromBase64(
    text
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(text.length / 4) * 4, "="),
  );
}

function jsonPart(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(decoder.decode(fromBase64Url(part)));
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch (error) {
    if (error instanceof IrpTokenError) throw error;
  }
  throw new IrpTokenError(`The token's ${what} is not a JSON object`);
}

/** The token's parts and the `kid` its header names, before any key is looked up. */
export function readIrpToken(token: string): { kid: string; parts: [string, string, string] } {
  const parts = token.split(".");
  if (parts.length !== 3) throw new IrpTokenError("The token is not base64url in three parts");
  const [header, payload, signature] = parts as [string, string, string];
  const { alg, kid } = jsonPart(header, "header");
  // Only RS256: accepting the header's word for another algorithm is how forged tokens get through.
  if (alg !== "RS256") throw new IrpTokenError(`The token is signed with ${String(alg)}, not RS256`);
  if (typeof kid !== "string") throw new IrpTokenError("The token's header names no key (kid)");
  return { kid, parts: [header, payload, signature] };
}

/**
 * Verifies a signed QR code or signed invoice with WebCrypto against the published keys
 * (`GET /v1/einvoice/jwks`) and returns what it signs. Throws `IrpTokenError` when the token is not
 * provably signed by one of those keys.
 */
export async function verifyIrpToken(token: string, jwks: Schema<"EInvoiceJwks">): Promise<VerifiedIrpToken> {
  const { kid, parts } = readIrpToken(token);
  const jwk = jwks.keys.find((key) => key.kid === kid);
  if (!jwk) throw new IrpTokenError(`No published key has kid ${kid}`);
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: "RSA", n: jwk.n, e: jwk.e, alg: "RS256", ext: true },
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const [header, payload, signature] = parts;
  const signed = new TextEncoder().encode(`${header}.${payload}`);
  if (!(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, fromBase64Url(signature), signed)))
    throw new IrpTokenError("The token's signature does not match its key");
  const claims = jsonPart(payload, "payload");
  if (typeof claims.data !== "string" || typeof claims.iss !== "string")
    throw new IrpTokenError("The token's payload has no `data` text and `iss`");
  try {
    return { kid, issuer: claims.iss, data: JSON.parse(claims.data) };
  } catch (error) {
    throw new IrpTokenError("The token's `data` is not JSON", { cause: error });
  }
}
