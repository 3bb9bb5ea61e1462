import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";

/** One registration as the simulated IRP keeps it. */
export interface SimRegistration {
  readonly irn: string;
  readonly gstin: string;
  readonly docType: string;
  readonly docNumber: string;
  /** `dd/mm/yyyy`. */
  readonly docDate: string;
  readonly ackNo: string;
  /** `yyyy-MM-dd HH:mm:ss`, India time. */
  readonly ackDt: string;
  /** Epoch ms of the registration (the 24 hours of a cancellation count from it). */
  readonly registeredAt: number;
  readonly signedInvoice: string;
  readonly signedQrCode: string;
  status: "ACT" | "CNL";
  cancelDate?: string;
}

/** The simulator's RSA keys, kept with its registrations so that a restart keeps verifying and decrypting. */
export interface SimKeys {
  /** PKCS#8 PEM of the key that signs SignedInvoice and SignedQRCode. */
  readonly signingKeyPem: string;
  /** PKCS#8 PEM of the key whose public half encrypts the auth request. */
  readonly authKeyPem: string;
}

type Line =
  | ({ readonly t: "keys" } & SimKeys)
  | ({ readonly t: "reg" } & SimRegistration)
  | { readonly t: "cnl"; readonly irn: string; readonly cancelDate: string };

/**
 * The registrations, in memory, optionally persisted as JSON Lines (one JSON object a line: the keys,
 * then each registration and cancellation as it happens). Appending keeps each change cheap at
 * hundreds a second; a line cut short by a crash is skipped on reading.
 */
export class RegistrationStore {
  private readonly byIrn = new Map<string, SimRegistration>();
  private out: WriteStream | null = null;

  private constructor(readonly path: string | null) {}

  /** Opens the store (reading the file if there is one) and answers it with the keys the file held. */
  static async open(path: string | null): Promise<{ store: RegistrationStore; keys: SimKeys | null }> {
    const store = new RegistrationStore(path);
    if (!path) return { store, keys: null };
    let keys: SimKeys | null = null;
    let text = "";
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await mkdir(dirname(path), { recursive: true });
    }
    for (const raw of text.split("\n")) {
      if (!raw.trim()) continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        continue;
      }
      if (line.t === "keys") keys = { signingKeyPem: line.signingKeyPem, authKeyPem: line.authKeyPem };
      else if (line.t === "reg") {
        const { t: _, ...registration } = line;
        store.byIrn.set(registration.irn, { ...registration });
      } else if (line.t === "cnl") {
        const registration = store.byIrn.get(line.irn);
        if (registration) {
          registration.status = "CNL";
          registration.cancelDate = line.cancelDate;
        }
      }
    }
    store.out = createWriteStream(path, { flags: "a" });
    return { store, keys };
  }

  get size(): number {
    return this.byIrn.size;
  }

  get(irn: string): SimRegistration | undefined {
    return this.byIrn.get(irn);
  }

  all(): IterableIterator<SimRegistration> {
    return this.byIrn.values();
  }

  /** The largest ack number issued so far, so that a restart goes on after it. */
  maxAckNo(): bigint {
    let max = 0n;
    for (const registration of this.byIrn.values()) {
      const ackNo = BigInt(registration.ackNo);
      if (ackNo > max) max = ackNo;
    }
    return max;
  }

  saveKeys(keys: SimKeys): void {
    this.append({ t: "keys", ...keys });
  }

  add(registration: SimRegistration): void {
    this.byIrn.set(registration.irn, registration);
    this.append({ t: "reg", ...registration });
  }

  cancel(registration: SimRegistration, cancelDate: string): void {
    registration.status = "CNL";
    registration.cancelDate = cancelDate;
    this.append({ t: "cnl", irn: registration.irn, cancelDate });
  }

  /** Writes out what is buffered and closes the file. */
  async close(): Promise<void> {
    const out = this.out;
    this.out = null;
    if (!out) return;
    out.end();
    await once(out, "finish");
  }

  private append(line: Line): void {
    this.out?.write(`${JSON.stringify(line)}\n`);
  }
}
