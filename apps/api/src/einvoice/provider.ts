import type { components } from "@bahi/contract";

export type EInvoice = components["schemas"]["EInvoice"];
export type Jwks = components["schemas"]["EInvoiceJwks"];

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

/** The document columns that keep an IRP's answer (irpRegistration() in the schema); null without one. */
export function registrationColumns(registration: IrpRegistration | null) {
  return {
    irn: registration?.irn ?? null,
    ackNo: registration?.ackNo ?? null,
    ackDate: registration?.ackDate ?? null,
    signedQrCode: registration?.signedQrCode ?? null,
    signedInvoice: registration?.signedInvoice ?? null,
  };
}

/**
 * The seam between Bahi and an IRP. Bahi's sandbox implements it in process; a live GSP adapter
 * implements it over the network (and must treat the IRP's error 2150 "Duplicate IRN", which carries
 * the IRN already issued, as success).
 */
export interface EInvoiceProvider {
  /**
   * True when register() has no effect outside this process, as for the sandbox: a document may then
   * be registered under the number it will most likely get, before that number is locked, and again
   * if it gets another. A live IRP records every registration, so it gets only the final number.
   */
  readonly registersLocally: boolean;
  /**
   * Registers the document or finds its registration. `afterUnknownOutcome`: an earlier attempt's
   * outcome is unknown (kept by the caller across restarts): ask the IRP for the document first.
   */
  register(document: EInvoice, options?: { afterUnknownOutcome?: boolean }): Promise<IrpRegistration>;
  /** Cancels an IRN (the IRP allows it for 24 hours after generation). */
  cancel(irn: string, reason: "1" | "2" | "3" | "4", remark: string): Promise<void>;
  /** The keys that verify this provider's signatures. */
  jwks(): Jwks;
  /** Lets go of what the provider holds (threads, connections); called once its server has stopped. */
  close(): Promise<void>;
}
