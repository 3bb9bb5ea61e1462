// The README's check of an invoice's signed QR code. Type-checked in CI against the SDK's sources.
import { type Bahi, IrpTokenError } from "@bahi/sdk";

export async function qrIsGenuine(bahi: Bahi, invoiceId: string): Promise<boolean> {
  const invoice = await bahi.invoices.retrieve(invoiceId);
  if (!invoice.signed_qr_code) return false; // no IRN: a B2C invoice
  try {
    const { data } = await bahi.invoices.einvoice.verify(invoice.signed_qr_code);
    console.log("signed by the IRP:", data);
    return true;
  } catch (error) {
    if (error instanceof IrpTokenError) return false;
    throw error;
  }
}
