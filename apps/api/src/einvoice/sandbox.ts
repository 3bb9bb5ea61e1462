import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject, randomInt } from "node:crypto";
import { computeIrn, irpDateTime } from "@bahi/gst";
import type { Database } from "../db/client.js";
import { irpSigningKeys } from "../db/schema.js";

import type { EInvoice, EInvoiceProvider, IrpRegistration, Jwks } from "./provider.js";
import { Rs256Signer } from "./signer.js";

/** The `iss` of every JWT the sandbox signs, so that nobody mistakes them for the government's. */
export const SANDBOX_ISSUER = "Bahi IRP sandbox";

type RsaJwk = Jwks["keys"][number];

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** RFC 7638 thumbprint: the key's id, the same on every node that holds the key. */
function thumbprint(jwk: { e: string; n: string }): string {
  return base64url(createHash("sha256").update(`{"e":"${jwk.e}","kty":"RSA","n":"${jwk.n}"}`).digest());
}

function newSigningKey() {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const { n, e } = publicKey.export({ format: "jwk" }) as { n: string; e: string };
  const jwk: RsaJwk = { kty: "RSA", use: "sig", alg: "RS256", kid: thumbprint({ n, e }), n, e };
  return { jwk, pem: privateKey.export({ format: "pem", type: "pkcs8" }).toString() };
}

/** The sandbox's key: made by the first node that needs it, then read by all (the insert is idempotent). */
async function loadSigningKey(db: Database): Promise<{ jwk: RsaJwk; privateKey: KeyObject }> {
  let [row] = await db.select().from(irpSigningKeys).limit(1);
  if (!row) {
    const fresh = newSigningKey();
    await db
      .insert(irpSigningKeys)
      .values({ kid: fresh.jwk.kid, publicJwk: fresh.jwk, privateKeyPem: fresh.pem })
      .onConflictDoNothing();
    [row] = await db.select().from(irpSigningKeys).orderBy(irpSigningKeys.createdAt).limit(1);
  }
  if (!row) throw new Error("the IRP sandbox could not store its signing key");
  return { jwk: row.publicJwk as RsaJwk, privateKey: createPrivateKey(row.privateKeyPem) };
}

/** 15 digits: the two-digit year, then 13 random digits (the real IRP's are opaque too). */
function ackNumber(now: Date): string {
  let digits = String(now.getUTCFullYear() % 100).padStart(2, "0");
  for (let i = 0; i < 13; i++) digits += String(randomInt(10));
  return digits;
}

/**
 * Stands in for the government's IRP: computes the real IRN, issues an acknowledgement and signs
 * the invoice and its QR code (RS256) with a key published at GET /v1/einvoice/jwks.
 */
export class IrpSandbox implements EInvoiceProvider {
  readonly registersLocally = true;

  private readonly signer: Rs256Signer;

  private constructor(
    private readonly key: RsaJwk,
    privateKey: KeyObject,
  ) {
    this.signer = new Rs256Signer(privateKey);
  }

  static async open(db: Database): Promise<IrpSandbox> {
    const { jwk, privateKey } = await loadSigningKey(db);
    return new IrpSandbox(jwk, privateKey);
  }

  /** Signed off the event loop's thread, and below its priority (see Rs256Signer). */
  private async jwt(data: unknown): Promise<string> {
    const header = base64url(JSON.stringify({ alg: "RS256", kid: this.key.kid, typ: "JWT" }));
    const payload = base64url(JSON.stringify({ data: JSON.stringify(data), iss: SANDBOX_ISSUER }));
    const signature = await this.signer.sign(`${header}.${payload}`);
    return `${header}.${payload}.${base64url(signature)}`;
  }

  async register(document: EInvoice): Promise<IrpRegistration> {
    const [day, month, year] = document.DocDtls.Dt.split("/");
    const irn = computeIrn({
      supplierGstin: document.SellerDtls.Gstin,
      date: `${year}-${month}-${day}`,
      docType: document.DocDtls.Typ,
      docNumber: document.DocDtls.No,
    });
    const ackDate = new Date(Math.floor(Date.now() / 1000) * 1000);
    const ackNo = ackNumber(ackDate);
    const irnDate = irpDateTime(ackDate);
    const mainHsn = [...document.ItemList].sort((a, b) => b.AssAmt - a.AssAmt)[0]?.HsnCd ?? "";
    const signing = this.jwt({
      SellerGstin: document.SellerDtls.Gstin,
      BuyerGstin: document.BuyerDtls.Gstin,
      DocNo: document.DocDtls.No,
      DocTyp: document.DocDtls.Typ,
      DocDt: document.DocDtls.Dt,
      TotInvVal: document.ValDtls.TotInvVal,
      ItemCnt: document.ItemList.length,
      MainHsnCode: mainHsn,
      Irn: irn,
      IrnDt: irnDate,
    });
    const [signedQrCode, signedInvoice] = await Promise.all([
      signing,
      this.jwt({ AckNo: Number(ackNo), AckDt: irnDate, Irn: irn, ...document }),
    ]);
    return { irn, ackNo, ackDate, signedInvoice, signedQrCode };
  }

  /** The sandbox keeps no register of its own: the invoice's status is the record of the cancellation. */
  async cancel(): Promise<void> {}

  close(): Promise<void> {
    return this.signer.close();
  }

  jwks(): Jwks {
    return { keys: [this.key] };
  }
}
