import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { encryptionKeys } from "../db/schema.js";

const STORED_KEY_ID = "webhook-secrets";
const IV_BYTES = 12;
const SEALED_VERSION = "v1";

/** A key's short name, stored with each sealed value so that a wrong key fails clearly. */
const keyIdOf = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

/**
 * Seals, with AES-256-GCM, what must be stored and read back although it holds secrets: webhook
 * signing secrets (symmetric keys that every worker must use, so they cannot be hashed like API keys)
 * and the stored answers of the idempotent creates that carry a new key's or webhook's secret. With
 * BAHI_SECRET_KEY the key lives outside the database and a dump alone reveals no secret; without it,
 * a key generated into the database.
 */
export class SecretBox {
  readonly #key: Buffer;
  readonly #keyId: string;

  private constructor(key: Buffer) {
    this.#key = key;
    this.#keyId = keyIdOf(key);
  }

  static async open(db: Executor, operatorKey: Buffer | null): Promise<SecretBox> {
    if (operatorKey) return new SecretBox(operatorKey);
    await db
      .insert(encryptionKeys)
      .values({ id: STORED_KEY_ID, key: randomBytes(32).toString("base64") })
      .onConflictDoNothing();
    const [row] = await db.select().from(encryptionKeys).where(eq(encryptionKeys.id, STORED_KEY_ID));
    if (!row) throw new Error("the secret box key could not be stored");
    return new SecretBox(Buffer.from(row.key, "base64"));
  }

  /** Whether `stored` is a sealed value: JSON text never starts as one does. */
  static isSealed(stored: string): boolean {
    return stored.startsWith(`${SEALED_VERSION}:`);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [
      SEALED_VERSION,
      this.#keyId,
      iv.toString("base64"),
      cipher.getAuthTag().toString("base64"),
      sealed.toString("base64"),
    ].join(":");
  }

  unseal(stored: string): string {
    const [version, keyId, iv, tag, sealed] = stored.split(":");
    if (version !== SEALED_VERSION || !iv || !tag || !sealed) throw new Error("not a sealed secret");
    if (keyId !== this.#keyId) {
      throw new Error(`a secret was sealed with key ${keyId}, not the configured key ${this.#keyId}`);
    }
    const decipher = createDecipheriv("aes-256-gcm", this.#key, Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64")), decipher.final()]).toString("utf8");
  }
}
