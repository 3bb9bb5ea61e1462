import { parseIrpDateTime } from "../ist.js";
import type {
  CancelOutcome,
  GenerateOutcome,
  IrpDetails,
  IrpErrorDetail,
  IrpExisting,
  IrpRejected,
  IrpUnavailable,
  LookupOutcome,
} from "../outcomes.js";
import { decryptJson } from "./crypto.js";
import {
  DUPLICATE_INFO_CODE,
  errorsOf,
  isSuccess,
  NIC_ERROR,
  type NicCancelData,
  type NicEnvelope,
  NOT_FOUND_CODES,
  TOKEN_REFUSED_CODES,
  TRANSIENT_CODES,
} from "./protocol.js";
import type { AuthFailure, Session } from "./session.js";
import type { TransportResult } from "./transport.js";

/** How the IRP's answers (or their absence) become each operation's typed outcome. */

/** A request sent in a session, or the reason no session could be had. */
export type Exchange =
  | { readonly kind: "no_session"; readonly failure: AuthFailure }
  | {
      readonly kind: "exchanged";
      readonly result: TransportResult;
      readonly envelope: NicEnvelope | null;
      readonly session: Session;
    };

/** HTTP statuses after which nothing was done and a later try may succeed. */
export const isBusyStatus = (status: number) => status >= 500 || status === 408 || status === 429;

export const unavailable = (reason: string, errors: readonly IrpErrorDetail[] = []): IrpUnavailable => ({
  kind: "unavailable",
  reason,
  errors,
});

export const httpError = (result: { status: number; body: string }): IrpErrorDetail => ({
  code: `HTTP_${result.status}`,
  message: result.body.slice(0, 200) || `HTTP ${result.status}`,
});

export function generateOutcome(exchange: Exchange): GenerateOutcome {
  if (exchange.kind === "no_session") return exchange.failure;
  const { result, envelope, session } = exchange;
  if (result.kind === "failed") {
    return result.sent ? { kind: "unknown", reason: result.reason } : unavailable(result.reason);
  }
  // A gateway that timed out waiting for the IRP had passed the request on.
  if (result.status === 504) return { kind: "unknown", reason: "HTTP 504 from a gateway" };
  if (isBusyStatus(result.status)) return unavailable(`HTTP ${result.status}`);
  if (!envelope) {
    return result.status < 300
      ? { kind: "unknown", reason: "the answer is not NIC's JSON" }
      : { kind: "rejected", errors: [httpError(result)] };
  }
  if (isSuccess(envelope)) {
    const registration = readIrnData(envelope, session.sek);
    return registration
      ? { kind: "registered", registration }
      : { kind: "unknown", reason: "unreadable answer" };
  }
  const errors = errorsOf(envelope);
  if (errors.some((e) => e.code === NIC_ERROR.duplicateIrn)) {
    return { kind: "duplicate", existing: readDuplicate(envelope), errors };
  }
  return failure(result.status, errors);
}

export function lookupOutcome(exchange: Exchange): LookupOutcome {
  if (exchange.kind === "no_session") return exchange.failure;
  const { result, envelope, session } = exchange;
  if (result.kind === "failed") return unavailable(result.reason);
  if (isBusyStatus(result.status)) return unavailable(`HTTP ${result.status}`);
  if (!envelope) {
    return result.status < 300
      ? unavailable("the answer is not NIC's JSON")
      : { kind: "rejected", errors: [httpError(result)] };
  }
  if (isSuccess(envelope)) {
    const registration = readIrnData(envelope, session.sek);
    return registration ? { kind: "found", registration } : unavailable("unreadable answer");
  }
  const errors = errorsOf(envelope);
  if (errors.some((e) => NOT_FOUND_CODES.has(e.code))) return { kind: "not_found", errors };
  return failure(result.status, errors);
}

export function cancelOutcome(exchange: Exchange, irn: string): CancelOutcome {
  if (exchange.kind === "no_session") return exchange.failure;
  const { result, envelope, session } = exchange;
  if (result.kind === "failed") {
    return result.sent ? { kind: "unknown", reason: result.reason } : unavailable(result.reason);
  }
  if (result.status === 504) return { kind: "unknown", reason: "HTTP 504 from a gateway" };
  if (isBusyStatus(result.status)) return unavailable(`HTTP ${result.status}`);
  if (!envelope) {
    return result.status < 300
      ? { kind: "unknown", reason: "the answer is not NIC's JSON" }
      : { kind: "rejected", errors: [httpError(result)] };
  }
  if (isSuccess(envelope)) {
    try {
      const data = decryptJson(session.sek, String(envelope.Data)) as Partial<NicCancelData>;
      const cancelDate = parseIrpDateTime(String(data.CancelDate ?? ""));
      if (!cancelDate) throw new Error("no CancelDate");
      return { kind: "cancelled", irn: typeof data.Irn === "string" ? data.Irn : irn, cancelDate };
    } catch {
      return { kind: "unknown", reason: "unreadable answer" };
    }
  }
  return failure(result.status, errorsOf(envelope));
}

/** An answer with NIC's errors: "try later" ones (or a token refused twice) are unavailability. */
function failure(status: number, errors: IrpErrorDetail[]): IrpRejected | IrpUnavailable {
  if (errors.some((e) => TRANSIENT_CODES.has(e.code) || TOKEN_REFUSED_CODES.has(e.code))) {
    return unavailable("the IRP asks to try later", errors);
  }
  return { kind: "rejected", errors: errors.length > 0 ? errors : [httpError({ status, body: "" })] };
}

/** Whether the IRP refused the session's token (HTTP 401, or NIC's errors for it). */
export function tokenRefused(result: TransportResult, envelope: NicEnvelope | null): boolean {
  if (result.kind !== "answered") return false;
  if (result.status === 401) return true;
  return (
    envelope !== null &&
    !isSuccess(envelope) &&
    errorsOf(envelope).some((e) => TOKEN_REFUSED_CODES.has(e.code))
  );
}

const IRN_PATTERN = /^[0-9a-f]{64}$/;

/** The registration in a successful answer's `Data`, or null when it cannot be read. */
function readIrnData(envelope: NicEnvelope, sek: Buffer): IrpDetails | null {
  let data: Record<string, unknown>;
  try {
    data = decryptJson(sek, String(envelope.Data)) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { Irn, AckNo, AckDt, SignedInvoice, SignedQRCode, Status } = data;
  const ackDate = parseIrpDateTime(String(AckDt ?? ""));
  if (typeof Irn !== "string" || !IRN_PATTERN.test(Irn) || !ackDate) return null;
  if (typeof AckNo !== "number" && typeof AckNo !== "string") return null;
  if (typeof SignedInvoice !== "string" || typeof SignedQRCode !== "string") return null;
  return {
    irn: Irn,
    ackNo: String(AckNo),
    ackDate,
    signedInvoice: SignedInvoice,
    signedQrCode: SignedQRCode,
    status: Status === "CNL" ? "CNL" : "ACT",
  };
}

/** The existing registration named by a duplicate's `InfoDtls` (`DUPIRN`), or null. */
function readDuplicate(envelope: NicEnvelope): IrpExisting | null {
  const infos = Array.isArray(envelope.InfoDtls) ? envelope.InfoDtls : [];
  const info = infos.find((i) => i?.InfCd === DUPLICATE_INFO_CODE) ?? infos[0];
  const desc = info?.Desc as Record<string, unknown> | undefined;
  if (!desc || typeof desc !== "object") return null;
  const ackDate = parseIrpDateTime(String(desc.AckDt ?? ""));
  if (typeof desc.Irn !== "string" || !IRN_PATTERN.test(desc.Irn) || !ackDate) return null;
  if (typeof desc.AckNo !== "number" && typeof desc.AckNo !== "string") return null;
  return { irn: desc.Irn, ackNo: String(desc.AckNo), ackDate };
}
