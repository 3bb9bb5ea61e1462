import type http from "node:http";
import { encryptJson } from "../nic/crypto.js";
import type { NicErrorDetail, NicInfo, NicIrnData } from "../nic/protocol.js";
import { sendJson } from "./http.js";
import type { SimSession } from "./sessions.js";
import type { SimRegistration } from "./store.js";

/** Answers in NIC's envelope (HTTP 200): its errors, or data encrypted with the session's key. */

export function nicError(code: string, message: string): NicErrorDetail {
  return { ErrorCode: code, ErrorMessage: message };
}

export function fail(
  res: http.ServerResponse,
  errors: NicErrorDetail[],
  info: NicInfo[] | null = null,
): void {
  sendJson(res, 200, { Status: 0, Data: null, ErrorDetails: errors, InfoDtls: info });
}

export function succeed(res: http.ServerResponse, session: SimSession, data: unknown): void {
  sendJson(res, 200, {
    Status: 1,
    Data: encryptJson(session.sek, data),
    ErrorDetails: null,
    InfoDtls: null,
  });
}

/** A registration as Generate IRN and the lookups answer it. */
export function irnData(registration: SimRegistration): NicIrnData {
  return {
    AckNo: Number(registration.ackNo),
    AckDt: registration.ackDt,
    Irn: registration.irn,
    SignedInvoice: registration.signedInvoice,
    SignedQRCode: registration.signedQrCode,
    Status: registration.status,
    EwbNo: null,
    EwbDt: null,
    EwbValidTill: null,
    Remarks: null,
  };
}
