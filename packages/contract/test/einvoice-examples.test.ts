import { createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fixtures } from "../src/index.js";

type Json = Record<string, unknown>;

/** Every `signed_invoice` and `signed_qr_code` found in an example, with where it stands. */
function tokensIn(value: unknown, at: string, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) tokensIn(v, `${at}/${i}`, found);
  } else if (value && typeof value === "object")
    for (const [key, v] of Object.entries(value)) {
      if ((key === "signed_invoice" || key === "signed_qr_code") && typeof v === "string")
        found.push([`${at}/${key}`, v]);
      else tokensIn(v, `${at}/${key}`, found);
    }
  return found;
}

const payloadOf = (token: string): Json =>
  JSON.parse(JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).data);

// The docs show integrators how to check a QR code against GET /v1/einvoice/jwks: the examples must
// pass that check themselves, so each is signed by the key the JWKS example publishes.
describe("the e-invoice examples", () => {
  const [jwk] = fixtures.EInvoiceJwks.keys;
  const key = createPublicKey({ key: { kty: "RSA", n: jwk?.n, e: jwk?.e }, format: "jwk" });
  const tokens = tokensIn(fixtures, "");

  it("are signed by the key of the JWKS example, which names it", () => {
    expect(tokens.length).toBeGreaterThanOrEqual(14);
    for (const [at, token] of tokens) {
      const [header = "", payload = "", signature = ""] = token.split(".");
      expect(JSON.parse(Buffer.from(header, "base64url").toString()), at).toEqual({
        alg: "RS256",
        kid: jwk?.kid,
        typ: "JWT",
      });
      const signed = Buffer.from(`${header}.${payload}`);
      expect(verify("sha256", signed, key, Buffer.from(signature, "base64url")), at).toBe(true);
    }
  });

  it("sign the documents of the INV-01 examples, less what the IRP adds", () => {
    const documents: [string, Json][] = [
      [fixtures.Invoice.signed_invoice ?? "", fixtures.EInvoice],
      [fixtures.CreditNote.signed_invoice ?? "", fixtures.EInvoiceCreditNote],
      [fixtures.DebitNote.signed_invoice ?? "", fixtures.EInvoiceDebitNote],
    ];
    for (const [token, document] of documents) {
      const { AckNo: _ackNo, AckDt: _ackDt, Irn: _irn, ...sent } = payloadOf(token);
      expect(sent).toEqual(document);
    }
  });

  it("send a service without a unit and goods with theirs", () => {
    const lines = fixtures.EInvoice.ItemList;
    expect(lines.some((line) => line.IsServc === "Y")).toBe(true);
    for (const line of lines) expect("Unit" in line).toBe(line.IsServc === "N");
  });
});
