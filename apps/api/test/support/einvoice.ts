import { createHash } from "node:crypto";
import { expect } from "vitest";

const payloadOf = (token: string) =>
  JSON.parse(JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString()).data);

/**
 * Checks that an invoice's IRN, signed QR code and signed invoice all name the invoice's own number:
 * what a document signed under a guessed number must still show once it got another.
 */
export function expectSignedUnderItsNumber(
  invoice: Record<string, unknown>,
  sellerGstin: string,
  financialYear: string,
): void {
  const { number, irn, signed_qr_code: qr, signed_invoice: signed } = invoice;
  expect(typeof qr === "string" && typeof signed === "string").toBe(true);
  const expected = createHash("sha256").update(`${sellerGstin}${financialYear}INV${number}`).digest("hex");
  expect(irn).toBe(expected);
  expect(payloadOf(qr as string)).toMatchObject({ DocNo: number, Irn: expected });
  expect(payloadOf(signed as string)).toMatchObject({ Irn: expected, DocDtls: { No: number } });
}
