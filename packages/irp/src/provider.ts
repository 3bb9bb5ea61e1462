import type { components } from "@bahi/contract";

/**
 * The server's provider seam (apps/api/src/einvoice/provider.ts), copied here as a shape that this
 * package's adapter satisfies structurally, so that @bahi/irp does not import the server. Keep the
 * two in step; the server's own interface is the one that counts.
 */

/** The INV-01 document (schema 1.1) as Bahi registers it. */
export type EInvoice = components["schemas"]["EInvoice"];
/** The keys that verify an IRP's signatures. */
export type Jwks = components["schemas"]["EInvoiceJwks"];
export type Jwk = Jwks["keys"][number];

/** What the Invoice Registration Portal answers for a registered document. */
export interface IrpRegistration {
  readonly irn: string;
  /** 15 digits. */
  readonly ackNo: string;
  readonly ackDate: Date;
  /** RS256 JWTs signed by the IRP. */
  readonly signedInvoice: string;
  readonly signedQrCode: string;
}

/** The reasons the IRP takes for a cancellation: duplicate, data entry mistake, order cancelled, other. */
export type CancelReason = "1" | "2" | "3" | "4";

export interface EInvoiceProvider {
  /** False for every provider that registers with an IRP over the network. */
  readonly registersLocally: boolean;
  register(document: EInvoice): Promise<IrpRegistration>;
  /** Cancels an IRN (the IRP allows it for 24 hours after generation). */
  cancel(irn: string, reason: CancelReason, remark: string): Promise<void>;
  /** The keys that verify this provider's signatures. */
  jwks(): Jwks;
  /** Lets go of what the provider holds (connections); called once its server has stopped. */
  close(): Promise<void>;
}
