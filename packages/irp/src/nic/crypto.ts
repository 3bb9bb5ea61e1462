import {
  constants,
  createCipheriv,
  createDecipheriv,
  type KeyLike,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
} from "node:crypto";

/**
 * The NIC e-invoice API's encryption (API 1.03 and 1.04):
 * - the client makes a random 32-byte AppKey for each authentication;
 * - the auth request's JSON ({UserName, Password, AppKey, ForceRefreshAccessToken}), base64-encoded,
 *   is encrypted with the IRP's RSA public key (RSA/ECB/PKCS1Padding) and sent as `{"Data": …}`;
 * - the answer's `Sek` (session encryption key, 32 bytes) comes encrypted with the AppKey;
 * - every later request's `Data` is the JSON encrypted with the Sek, and every answer's `Data` is
 *   decrypted with it: AES-256-ECB, PKCS#7 padding, base64.
 * ECB is NIC's choice, not ours: it is what the IRP speaks.
 */

export const APP_KEY_BYTES = 32;

/** A fresh AppKey: 32 random bytes (44 characters in base64). */
export function newAppKey(): Buffer {
  return randomBytes(APP_KEY_BYTES);
}

/** AES-256-ECB with PKCS#7 padding, answered in base64. */
export function aesEncrypt(key: Buffer, plaintext: Buffer | string): string {
  const cipher = createCipheriv("aes-256-ecb", key, null);
  return Buffer.concat([cipher.update(plaintext), cipher.final()]).toString("base64");
}

/** The inverse of aesEncrypt; throws when the key is wrong or the text is not a ciphertext. */
export function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv("aes-256-ecb", key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, "base64")), decipher.final()]);
}

/** A request's or answer's `Data`: the JSON text encrypted with the Sek. */
export function encryptJson(sek: Buffer, value: unknown): string {
  return aesEncrypt(sek, JSON.stringify(value));
}

/** Reads a `Data` encrypted with the Sek back into JSON; throws when it does not decrypt or parse. */
export function decryptJson(sek: Buffer, data: string): unknown {
  return JSON.parse(aesDecrypt(sek, data).toString("utf8"));
}

/** The auth request's plain payload (API 1.04). */
export interface AuthPayload {
  readonly UserName: string;
  readonly Password: string;
  /** The AppKey, base64. */
  readonly AppKey: string;
  readonly ForceRefreshAccessToken: boolean;
}

/**
 * The auth request's `Data`: the payload's JSON, base64-encoded, encrypted with the IRP's public key
 * (PKCS#1 v1.5 padding, as NIC specifies), base64. A 2048-bit key takes up to 245 bytes, which leaves
 * room for user names and passwords of NIC's lengths.
 */
export function encryptAuthPayload(irpPublicKey: KeyLike, payload: AuthPayload): string {
  const encoded = Buffer.from(Buffer.from(JSON.stringify(payload), "utf8").toString("base64"), "ascii");
  return publicEncrypt({ key: irpPublicKey, padding: constants.RSA_PKCS1_PADDING }, encoded).toString(
    "base64",
  );
}

/**
 * The IRP's side of encryptAuthPayload, for the simulator. Node 20 refuses PKCS#1 v1.5 private
 * decryption (CVE-2023-46809, the Marvin timing attack), so the padding is taken off by hand after a
 * raw RSA decryption: a simulator on loopback has no timing to hide. Throws when it does not decrypt.
 */
export function decryptAuthPayload(irpPrivateKey: KeyLike, data: string): AuthPayload {
  const block = privateDecrypt(
    { key: irpPrivateKey, padding: constants.RSA_NO_PADDING },
    Buffer.from(data, "base64"),
  );
  // EM = 0x00 || 0x02 || PS (at least 8 non-zero bytes) || 0x00 || M
  const separator = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || separator < 10) throw new Error("not a PKCS#1 v1.5 block");
  const encoded = block.subarray(separator + 1).toString("ascii");
  const payload = JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as Partial<AuthPayload>;
  if (typeof payload.UserName !== "string" || typeof payload.Password !== "string") {
    throw new Error("the auth payload lacks UserName or Password");
  }
  if (typeof payload.AppKey !== "string") throw new Error("the auth payload lacks AppKey");
  return {
    UserName: payload.UserName,
    Password: payload.Password,
    AppKey: payload.AppKey,
    ForceRefreshAccessToken: payload.ForceRefreshAccessToken === true,
  };
}
