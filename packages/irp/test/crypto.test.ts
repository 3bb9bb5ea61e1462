import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  publicEncrypt,
  randomBytes,
} from "node:crypto";
import { fixtures } from "@bahi/contract";
import { describe, expect, it } from "vitest";
import {
  aesDecrypt,
  aesEncrypt,
  decryptAuthPayload,
  decryptJson,
  encryptAuthPayload,
  encryptJson,
  newAppKey,
} from "../src/nic/crypto.js";

describe("AES-256-ECB with PKCS#7, as NIC's Sek encryption", () => {
  it("matches FIPS-197's AES-256 vector in its first block", () => {
    const key = Buffer.from("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "hex");
    const plaintext = Buffer.from("00112233445566778899aabbccddeeff", "hex");
    const ciphertext = Buffer.from(aesEncrypt(key, plaintext), "base64");
    // A whole block of plaintext gets a whole block of padding: 32 bytes.
    expect(ciphertext).toHaveLength(32);
    expect(ciphertext.subarray(0, 16).toString("hex")).toBe("8ea2b7ca516745bfeafc49904b496089");
  });

  it("is electronic code book: equal blocks encrypt equally", () => {
    const key = randomBytes(32);
    const ciphertext = Buffer.from(aesEncrypt(key, Buffer.alloc(32, 7)), "base64");
    expect(ciphertext.subarray(0, 16)).toEqual(ciphertext.subarray(16, 32));
  });

  it.each([0, 1, 15, 16, 17, 1000])("round-trips %i bytes", (length) => {
    const key = randomBytes(32);
    const plaintext = randomBytes(length);
    const base64 = aesEncrypt(key, plaintext);
    expect(Buffer.from(base64, "base64").length).toBe((Math.floor(length / 16) + 1) * 16);
    expect(aesDecrypt(key, base64)).toEqual(plaintext);
  });

  it("round-trips an INV-01 document as the request's Data, non-ASCII text included", () => {
    const sek = randomBytes(32);
    const document = structuredClone(fixtures.EInvoice);
    document.BuyerDtls.LglNm = "शर्मा इलेक्ट्रॉनिक्स";
    expect(decryptJson(sek, encryptJson(sek, document))).toEqual(document);
  });

  it("refuses a Data encrypted with another key", () => {
    const data = encryptJson(randomBytes(32), fixtures.EInvoice);
    expect(() => decryptJson(randomBytes(32), data)).toThrow();
  });

  it("wraps a Sek in the AppKey and unwraps it whole", () => {
    const appKey = newAppKey();
    const sek = randomBytes(32);
    expect(aesDecrypt(appKey, aesEncrypt(appKey, sek))).toEqual(sek);
  });
});

describe("the AppKey", () => {
  it("is 32 random bytes, 44 characters in base64", () => {
    const [a, b] = [newAppKey(), newAppKey()];
    expect(a).toHaveLength(32);
    expect(a.toString("base64")).toHaveLength(44);
    expect(a.equals(b)).toBe(false);
  });
});

describe("the auth request's Data (API 1.04)", () => {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const payload = {
    UserName: "API_29AABCU9603R1ZJ",
    Password: "pa$$wörd with spaces",
    AppKey: newAppKey().toString("base64"),
    ForceRefreshAccessToken: true,
  };

  it("round-trips through the IRP's private key", () => {
    const data = encryptAuthPayload(publicKey, payload);
    expect(Buffer.from(data, "base64")).toHaveLength(256);
    expect(decryptAuthPayload(privateKey, data)).toEqual(payload);
  });

  it("takes the key as PEM, and pads randomly (PKCS#1 v1.5)", () => {
    const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
    const [one, two] = [encryptAuthPayload(pem, payload), encryptAuthPayload(pem, payload)];
    expect(one).not.toBe(two);
    expect(decryptAuthPayload(privateKey, two)).toEqual(payload);
  });

  it("encrypts the payload's JSON base64-encoded", () => {
    const data = encryptAuthPayload(publicKey, payload);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect(() => decryptAuthPayload(other.privateKey, data)).toThrow();
    // What NIC decrypts is the base64 text of the JSON: here, encrypted by hand.
    const byHand = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(Buffer.from(JSON.stringify(payload)).toString("base64")),
    ).toString("base64");
    expect(
      decryptAuthPayload(createPrivateKey(privateKey.export({ type: "pkcs8", format: "pem" })), byHand),
    ).toEqual(payload);
    expect(createPublicKey(privateKey).export({ format: "jwk" })).toEqual(
      publicKey.export({ format: "jwk" }),
    );
  });

  it("refuses what is not a PKCS#1 v1.5 block", () => {
    const raw = publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, Buffer.alloc(256, 1));
    expect(() => decryptAuthPayload(privateKey, raw.toString("base64"))).toThrow(/PKCS#1/);
  });
});
