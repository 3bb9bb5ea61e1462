import { createHash, createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import type { Jwk, Jwks } from "./provider.js";

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** RFC 7638 thumbprint of an RSA key: its `kid`, the same wherever the key is held. */
export function rsaThumbprint(jwk: { e: string; n: string }): string {
  return base64url(createHash("sha256").update(`{"e":"${jwk.e}","kty":"RSA","n":"${jwk.n}"}`).digest());
}

/** The JWK of an RSA public key (PEM of a key or a certificate, or a KeyObject), for RS256 signatures. */
export function jwkFromPublicKey(key: string | KeyObject): Jwk {
  const publicKey = typeof key !== "string" && key.type === "public" ? key : createPublicKey(key);
  if (publicKey.asymmetricKeyType !== "rsa") throw new Error("an IRP signs with an RSA key");
  const { n, e } = publicKey.export({ format: "jwk" }) as { n: string; e: string };
  return { kty: "RSA", use: "sig", alg: "RS256", kid: rsaThumbprint({ n, e }), n, e };
}

/** A JWKS of the keys given, newest first. */
export function jwksFromPublicKeys(keys: readonly (string | KeyObject)[]): Jwks {
  return { keys: keys.map(jwkFromPublicKey) };
}

/**
 * An RS256 JWT of `claims`, signed on libuv's thread pool (crypto.sign with a callback), so that a
 * busy simulator's event loop keeps answering while it signs.
 */
export function signRs256Jwt(claims: object, privateKey: KeyObject, kid: string): Promise<string> {
  const header = base64url(JSON.stringify({ alg: "RS256", kid, typ: "JWT" }));
  const payload = base64url(JSON.stringify(claims));
  const input = `${header}.${payload}`;
  return new Promise((resolve, reject) => {
    sign("sha256", Buffer.from(input), privateKey, (error, signature) => {
      if (error) reject(error);
      else resolve(`${input}.${base64url(signature)}`);
    });
  });
}

export interface VerifiedJwt {
  readonly header: { readonly alg: string; readonly kid?: string };
  readonly claims: Record<string, unknown>;
}

/**
 * Verifies an RS256 JWT against a JWKS (the key its header's `kid` names, or each key when it names
 * none) and answers its header and claims; throws when no key verifies it. An IRP's JWTs carry the
 * signed object as JSON text in their `data` claim.
 */
export function verifyRs256Jwt(token: string, jwks: Jwks): VerifiedJwt {
  const [header, payload, signature, extra] = token.split(".");
  if (header === undefined || payload === undefined || signature === undefined || extra !== undefined) {
    throw new Error("not a JWT");
  }
  const parsedHeader = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as VerifiedJwt["header"];
  if (parsedHeader.alg !== "RS256") throw new Error(`unexpected JWT algorithm ${parsedHeader.alg}`);
  const candidates = jwks.keys.filter(
    (key) => parsedHeader.kid === undefined || key.kid === parsedHeader.kid,
  );
  const input = Buffer.from(`${header}.${payload}`);
  const signatureBytes = Buffer.from(signature, "base64url");
  const verified = candidates.some((jwk) =>
    verify(
      "sha256",
      input,
      createPublicKey({ key: { kty: "RSA", n: jwk.n, e: jwk.e }, format: "jwk" }),
      signatureBytes,
    ),
  );
  if (!verified) throw new Error("no key of the JWKS verifies the JWT");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  return { header: parsedHeader, claims };
}
