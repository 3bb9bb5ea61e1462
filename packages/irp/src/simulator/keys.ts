import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import type { SimKeys } from "./store.js";

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * New RSA keys for a simulator: one signs (of `signingBits`), one decrypts the auth request (2048
 * bits always: the request's payload does not fit a smaller key, as with NIC's).
 */
export async function generateSimulatorKeys(signingBits = 2048): Promise<SimKeys> {
  const options = (modulusLength: number) =>
    ({
      modulusLength,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    }) as const;
  const [signing, auth] = await Promise.all([
    generateRsaKeyPair("rsa", options(signingBits)),
    generateRsaKeyPair("rsa", options(2048)),
  ]);
  return { signingKeyPem: signing.privateKey, authKeyPem: auth.privateKey };
}
