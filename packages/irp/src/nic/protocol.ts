/**
 * The wire format of the NIC e-invoice API (auth 1.04, core 1.03), shared by the client and the
 * simulator: paths, headers, the answer's envelope, the payloads and the error codes that Bahi acts on.
 */

/** Where each operation lives under the base URL. A GSP that relays NIC's API under its own prefix sets its own. */
export interface NicPaths {
  readonly auth: string;
  readonly generate: string;
  readonly cancel: string;
  /** `{irn}` is replaced by the IRN. */
  readonly byIrn: string;
  /** Takes the query `doctype`, `docnum` and `docdate` (`dd/mm/yyyy`). */
  readonly byDocDetails: string;
}

export const NIC_PATHS: NicPaths = {
  auth: "/eivital/v1.04/auth",
  generate: "/eicore/v1.03/Invoice",
  cancel: "/eicore/v1.03/Invoice/Cancel",
  byIrn: "/eicore/v1.03/Invoice/irn/{irn}",
  byDocDetails: "/eicore/v1.03/Invoice/irnbydocdetails",
};

/** Request headers (HTTP header names are case-insensitive; these are NIC's spellings). */
export const NIC_HEADERS = {
  clientId: "client_id",
  clientSecret: "client_secret",
  gstin: "Gstin",
  userName: "user_name",
  authToken: "AuthToken",
} as const;

export interface NicErrorDetail {
  readonly ErrorCode: string;
  readonly ErrorMessage: string;
}

export interface NicInfo {
  readonly InfCd: string;
  readonly Desc: unknown;
}

/** Every answer: `Status` 1 with `Data`, or 0 with `ErrorDetails` (and sometimes `InfoDtls`). */
export interface NicEnvelope {
  readonly Status: 0 | 1 | "0" | "1";
  readonly Data?: unknown;
  readonly ErrorDetails?: readonly NicErrorDetail[] | null;
  readonly InfoDtls?: readonly NicInfo[] | null;
}

/** The auth answer's `Data` (not encrypted; its `Sek` is, with the AppKey). */
export interface NicAuthData {
  readonly ClientId: string;
  readonly UserName: string;
  readonly AuthToken: string;
  readonly Sek: string;
  /** `yyyy-MM-dd HH:mm:ss`, India time. */
  readonly TokenExpiry: string;
}

/** The decrypted `Data` of Generate IRN, Get e-invoice by IRN and Get IRN by document details. */
export interface NicIrnData {
  /** 15 digits, a JSON number. */
  readonly AckNo: number | string;
  /** `yyyy-MM-dd HH:mm:ss`, India time. */
  readonly AckDt: string;
  readonly Irn: string;
  readonly SignedInvoice: string;
  readonly SignedQRCode: string;
  /** `ACT` active, `CNL` cancelled. */
  readonly Status: "ACT" | "CNL";
  readonly EwbNo?: number | null;
  readonly EwbDt?: string | null;
  readonly EwbValidTill?: string | null;
  readonly Remarks?: string | null;
}

/** `InfoDtls[].Desc` of a duplicate (`InfCd` `DUPIRN`): the registration that already exists. */
export interface NicDuplicateDesc {
  readonly AckNo: number | string;
  readonly AckDt: string;
  readonly Irn: string;
}

export const DUPLICATE_INFO_CODE = "DUPIRN";

export interface NicCancelRequest {
  readonly Irn: string;
  /** 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other. */
  readonly CnlRsn: string;
  /** At most 100 characters. */
  readonly CnlRem: string;
}

export interface NicCancelData {
  readonly Irn: string;
  /** `yyyy-MM-dd HH:mm:ss`, India time. */
  readonly CancelDate: string;
}

/** NIC's error codes that Bahi's client or simulator name (from NIC's published lists). */
export const NIC_ERROR = {
  headerGstinRequired: "1004",
  invalidToken: "1005",
  userNameRequired: "1006",
  authenticationFailed: "1007",
  invalidCredentials: "1008",
  invalidClient: "1010",
  invalidGstinForUser: "1015",
  appKeyUndecryptable: "1016",
  invalidSchema: "2140",
  notTheUsersInvoice: "2143",
  cannotCreateIrn: "2146",
  cannotSign: "2147",
  irnNotAvailable: "2148",
  duplicateIrn: "2150",
  futureDocumentDate: "2163",
  igstOnIntraState: "2172",
  invalidHsn: "2176",
  taxableValueMismatch: "2182",
  invoiceValueMismatch: "2189",
  assessableAmountMismatch: "2193",
  cancelWindowPassed: "2270",
  detailsTooOld: "2283",
  applicationError: "5002",
  notActive: "9999",
} as const;

/** Errors that refuse the session, not the request: authenticate again and repeat once. */
export const TOKEN_REFUSED_CODES: ReadonlySet<string> = new Set([NIC_ERROR.invalidToken]);

/** Errors that say "try again later": the IRP did not act on the request. */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  NIC_ERROR.cannotCreateIrn,
  NIC_ERROR.cannotSign,
  NIC_ERROR.applicationError,
]);

/** Errors of a lookup that mean "no such registration". */
export const NOT_FOUND_CODES: ReadonlySet<string> = new Set([NIC_ERROR.irnNotAvailable]);

export function isSuccess(envelope: NicEnvelope): boolean {
  return envelope.Status === 1 || envelope.Status === "1";
}

/** Reads an answer's body as NIC's envelope; null when it is not one. */
export function parseEnvelope(body: string): NicEnvelope | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || !("Status" in value)) return null;
  const status = (value as { Status: unknown }).Status;
  if (status !== 0 && status !== 1 && status !== "0" && status !== "1") return null;
  return value as NicEnvelope;
}

/** The errors of a failed answer, each a code and a message (an empty list when it gave none). */
export function errorsOf(envelope: NicEnvelope): { code: string; message: string }[] {
  const details = Array.isArray(envelope.ErrorDetails) ? envelope.ErrorDetails : [];
  return details.map((detail) => ({
    code: String(detail?.ErrorCode ?? ""),
    message: String(detail?.ErrorMessage ?? ""),
  }));
}
