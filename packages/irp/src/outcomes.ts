import type { CancelReason, EInvoice } from "./provider.js";

/** One error as the IRP reports it. */
export interface IrpErrorDetail {
  readonly code: string;
  readonly message: string;
}

/** A registration as the IRP keeps it. */
export interface IrpDetails {
  readonly irn: string;
  /** 15 digits. */
  readonly ackNo: string;
  readonly ackDate: Date;
  readonly signedInvoice: string;
  readonly signedQrCode: string;
  /** `ACT` active, `CNL` cancelled. */
  readonly status: "ACT" | "CNL";
}

/** What the IRP says already exists when it refuses a repeat (NIC's error 2150 with `DUPIRN`). */
export interface IrpExisting {
  readonly irn: string;
  readonly ackNo: string;
  readonly ackDate: Date;
}

/** The failures every operation can meet. */
export type IrpUnavailable = {
  /** The IRP did not act on the request (5xx, refused connection, "try later" errors): try again later. */
  readonly kind: "unavailable";
  readonly reason: string;
  readonly errors: readonly IrpErrorDetail[];
};

export type IrpRejected = {
  /** The IRP refused the request for what it says (a field, a state, the credentials): not worth repeating as is. */
  readonly kind: "rejected";
  readonly errors: readonly IrpErrorDetail[];
};

export type IrpUnknown = {
  /**
   * The request was sent and no answer came back (a timeout, a connection closed before the answer,
   * an answer that could not be read): the IRP may or may not have acted on it. Ask before repeating.
   */
  readonly kind: "unknown";
  readonly reason: string;
};

/** Generate IRN, once. */
export type GenerateOutcome =
  | { readonly kind: "registered"; readonly registration: IrpDetails }
  /** Already registered: a success, with what the IRP says about the registration (null if it said nothing). */
  | {
      readonly kind: "duplicate";
      readonly existing: IrpExisting | null;
      readonly errors: readonly IrpErrorDetail[];
    }
  | IrpRejected
  | IrpUnavailable
  | IrpUnknown;

/** Get e-invoice by IRN, or Get IRN by document details. Reads are safe to repeat: a timeout is "unavailable". */
export type LookupOutcome =
  | { readonly kind: "found"; readonly registration: IrpDetails }
  | { readonly kind: "not_found"; readonly errors: readonly IrpErrorDetail[] }
  | IrpRejected
  | IrpUnavailable;

export type CancelOutcome =
  | { readonly kind: "cancelled"; readonly irn: string; readonly cancelDate: Date }
  | IrpRejected
  | IrpUnavailable
  | IrpUnknown;

/** A document's key at the IRP: its type, number and date (`dd/mm/yyyy`), as in `DocDtls`. */
export type DocumentKey = Pick<EInvoice["DocDtls"], "Typ" | "No" | "Dt">;

/**
 * An IRP's API as one adapter speaks it, in the outcomes above: NIC's directly (NicIrpClient), or a
 * GSP's. IrpProvider turns any of them into Bahi's e-invoice provider.
 */
export interface IrpApi {
  generateIrn(document: EInvoice): Promise<GenerateOutcome>;
  getByDocDetails(document: DocumentKey): Promise<LookupOutcome>;
  getByIrn(irn: string): Promise<LookupOutcome>;
  cancelIrn(irn: string, reason: CancelReason, remark: string): Promise<CancelOutcome>;
  close(): Promise<void>;
}

/** Where an adapter may report what it did. pino's loggers fit; nothing secret is ever passed. */
export interface IrpLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
