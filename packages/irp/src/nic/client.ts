import { createPublicKey, type KeyObject } from "node:crypto";
import { parseIrpDateTime } from "../ist.js";
import type {
  CancelOutcome,
  DocumentKey,
  GenerateOutcome,
  IrpApi,
  IrpDetails,
  IrpErrorDetail,
  IrpExisting,
  IrpLogger,
  IrpRejected,
  IrpUnavailable,
  LookupOutcome,
} from "../outcomes.js";
import type { CancelReason, EInvoice } from "../provider.js";
import { aesDecrypt, decryptJson, encryptAuthPayload, encryptJson, newAppKey } from "./crypto.js";
import {
  DUPLICATE_INFO_CODE,
  errorsOf,
  isSuccess,
  NIC_ERROR,
  NIC_HEADERS,
  NIC_PATHS,
  type NicAuthData,
  type NicCancelData,
  type NicCancelRequest,
  type NicEnvelope,
  type NicPaths,
  NOT_FOUND_CODES,
  parseEnvelope,
  TOKEN_REFUSED_CODES,
  TRANSIENT_CODES,
} from "./protocol.js";
import { HttpTransport, type TransportRequest, type TransportResult } from "./transport.js";

/** One taxpayer's API credentials at the IRP (or at a GSP that relays NIC's API). */
export interface NicCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The GSTIN that registers, and the `Gstin` header of every request. */
  readonly gstin: string;
  /** The API user created on the e-invoice portal. */
  readonly userName: string;
  readonly password: string;
}

export interface NicClientOptions {
  /** e.g. the NIC sandbox's or production's base URL, a GSP's, or a simulated IRP's `url`. */
  readonly baseUrl: string;
  readonly credentials: NicCredentials;
  /** The IRP's public key that encrypts the auth request (PEM of the key or its certificate). */
  readonly irpPublicKey: string | KeyObject;
  /** Each request's deadline (default 10 s); past it the request's outcome is unknown. */
  readonly timeoutMs?: number;
  /** The auth request's deadline (default: timeoutMs). */
  readonly authTimeoutMs?: number;
  /** Authenticate again this long before TokenExpiry (default 60 s; at most half the token's life). */
  readonly tokenRefreshMarginMs?: number;
  /** Paths of another API version, or of a GSP that relays NIC's API under its own prefix. */
  readonly paths?: Partial<NicPaths>;
  /** More headers on every request (a GSP's own credentials, say). Never logged. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Most connections open at once (default: no limit). */
  readonly maxSockets?: number;
  /** An idle connection is closed after this long (default 4 s, under the usual 5 s of a server's keep-alive). */
  readonly idleTimeoutMs?: number;
  readonly logger?: IrpLogger;
  /** The clock, in epoch milliseconds (tests). */
  readonly now?: () => number;
}

interface Session {
  readonly token: string;
  readonly sek: Buffer;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
  /** When to authenticate again: the refresh margin before expiry, or half the token's life if that is shorter. */
  readonly renewAt: number;
}

type AuthFailure = IrpRejected | IrpUnavailable;

type Exchange =
  | { readonly kind: "no_session"; readonly failure: AuthFailure }
  | {
      readonly kind: "exchanged";
      readonly result: TransportResult;
      readonly envelope: NicEnvelope | null;
      readonly session: Session;
    };

const DEFAULT_TIMEOUT_MS = 10_000;
/** What Node's HTTP client refuses in a header value. */
const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;
const DEFAULT_REFRESH_MARGIN_MS = 60_000;

/** HTTP statuses after which nothing was done and a later try may succeed. */
const isBusyStatus = (status: number) => status >= 500 || status === 408 || status === 429;

const unavailable = (reason: string, errors: readonly IrpErrorDetail[] = []): IrpUnavailable => ({
  kind: "unavailable",
  reason,
  errors,
});

const httpError = (result: { status: number; body: string }): IrpErrorDetail => ({
  code: `HTTP_${result.status}`,
  message: result.body.slice(0, 200) || `HTTP ${result.status}`,
});

/**
 * A client of the NIC e-invoice API (auth 1.04, core 1.03) for one set of credentials: it
 * authenticates (AppKey, RSA, Sek), encrypts each request and decrypts each answer, authenticates
 * again when the token is due or refused (and repeats the request once), and answers each operation
 * with a typed outcome instead of throwing. Credentials, AppKey and Sek are held in private fields
 * (which util.inspect does not print) and never logged.
 */
export class NicIrpClient implements IrpApi {
  readonly #credentials: NicCredentials;
  readonly #publicKey: KeyObject;
  readonly #extraHeaders: Readonly<Record<string, string>>;
  #session: Session | null = null;
  #authenticating: Promise<Session | AuthFailure> | null = null;
  private readonly transport: HttpTransport;
  private readonly paths: NicPaths;
  private readonly timeoutMs: number;
  private readonly authTimeoutMs: number;
  private readonly refreshMarginMs: number;
  private readonly logger: IrpLogger | undefined;
  private readonly now: () => number;

  constructor(options: NicClientOptions) {
    const { clientId, clientSecret, gstin, userName } = options.credentials;
    const headerValues = { clientId, clientSecret, gstin, userName, ...options.headers };
    for (const [name, value] of Object.entries(headerValues)) {
      if (typeof value !== "string" || value === "" || INVALID_HEADER_CHAR.test(value)) {
        // Named, never shown: the value may be a secret.
        throw new Error(`the IRP credential or header "${name}" is empty or not writable in an HTTP header`);
      }
    }
    this.#credentials = options.credentials;
    this.#publicKey = createPublicKey(options.irpPublicKey);
    this.#extraHeaders = options.headers ?? {};
    this.transport = new HttpTransport(options.baseUrl, {
      ...(options.maxSockets === undefined ? {} : { maxSockets: options.maxSockets }),
      ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs }),
    });
    this.paths = { ...NIC_PATHS, ...options.paths };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.authTimeoutMs = options.authTimeoutMs ?? this.timeoutMs;
    this.refreshMarginMs = options.tokenRefreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
  }

  get gstin(): string {
    return this.#credentials.gstin;
  }

  /** Generate IRN, once: no recovery, no repeat beyond the one after a refused token. */
  async generateIrn(document: EInvoice): Promise<GenerateOutcome> {
    const exchange = await this.exchange((session) => ({
      method: "POST",
      path: this.paths.generate,
      headers: this.headers(session),
      body: JSON.stringify({ Data: encryptJson(session.sek, document) }),
      timeoutMs: this.timeoutMs,
    }));
    const outcome = this.generateOutcome(exchange);
    this.report("generate", outcome.kind, outcome, { docNo: document.DocDtls.No });
    return outcome;
  }

  /** Get IRN by document details: how to learn what became of a Generate IRN whose outcome is unknown. */
  async getByDocDetails(document: DocumentKey): Promise<LookupOutcome> {
    const query = new URLSearchParams({ doctype: document.Typ, docnum: document.No, docdate: document.Dt });
    const outcome = this.lookupOutcome(await this.get(`${this.paths.byDocDetails}?${query}`));
    this.report("get_by_doc_details", outcome.kind, outcome, { docNo: document.No });
    return outcome;
  }

  /** Get e-invoice by IRN. */
  async getByIrn(irn: string): Promise<LookupOutcome> {
    const outcome = this.lookupOutcome(
      await this.get(this.paths.byIrn.replace("{irn}", encodeURIComponent(irn))),
    );
    this.report("get_by_irn", outcome.kind, outcome, { irn });
    return outcome;
  }

  /** Cancel IRN (NIC allows it within 24 hours of generation). */
  async cancelIrn(irn: string, reason: CancelReason, remark: string): Promise<CancelOutcome> {
    const request: NicCancelRequest = { Irn: irn, CnlRsn: reason, CnlRem: remark };
    const exchange = await this.exchange((session) => ({
      method: "POST",
      path: this.paths.cancel,
      headers: this.headers(session),
      body: JSON.stringify({ Data: encryptJson(session.sek, request) }),
      timeoutMs: this.timeoutMs,
    }));
    const outcome = this.cancelOutcome(exchange, irn);
    this.report("cancel", outcome.kind, outcome, { irn });
    return outcome;
  }

  /**
   * Authenticates now (the operations do it by themselves when needed); answers null on success, or
   * why it failed. With `force`, asks NIC for a fresh token (ForceRefreshAccessToken).
   */
  async authenticate(force = false): Promise<AuthFailure | null> {
    if (force) this.#session = null;
    const session = await this.session(force);
    return "token" in session ? null : session;
  }

  async close(): Promise<void> {
    this.transport.close();
  }

  private headers(session: Session): Record<string, string> {
    return {
      ...this.#extraHeaders,
      [NIC_HEADERS.clientId]: this.#credentials.clientId,
      [NIC_HEADERS.clientSecret]: this.#credentials.clientSecret,
      [NIC_HEADERS.gstin]: this.#credentials.gstin,
      [NIC_HEADERS.userName]: this.#credentials.userName,
      [NIC_HEADERS.authToken]: session.token,
    };
  }

  private get(path: string): Promise<Exchange> {
    return this.exchange((session) => ({
      method: "GET",
      path,
      headers: this.headers(session),
      timeoutMs: this.timeoutMs,
    }));
  }

  /** Sends a request in a valid session; a refused token gets one new session and one repeat. */
  private async exchange(build: (session: Session) => TransportRequest): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      const session = await this.session(attempt > 0);
      if (!("token" in session)) return { kind: "no_session", failure: session };
      const result = await this.transport.send(build(session));
      const envelope = result.kind === "answered" ? parseEnvelope(result.body) : null;
      if (attempt === 0 && tokenRefused(result, envelope)) {
        this.logger?.info(
          { op: "auth", gstin: this.gstin },
          "the IRP refused the token; authenticating again",
        );
        if (this.#session?.token === session.token) this.#session = null;
        continue;
      }
      return { kind: "exchanged", result, envelope, session };
    }
  }

  /** The current session, or a new one: one authentication at a time, shared by all who wait. */
  private async session(force: boolean): Promise<Session | AuthFailure> {
    const current = this.#session;
    if (current && this.now() < current.renewAt) return current;
    if (!this.#authenticating) {
      this.#authenticating = this.authenticateOnce(force).finally(() => {
        this.#authenticating = null;
      });
    }
    return this.#authenticating;
  }

  private async authenticateOnce(force: boolean): Promise<Session | AuthFailure> {
    const appKey = newAppKey();
    let data: string;
    try {
      data = encryptAuthPayload(this.#publicKey, {
        UserName: this.#credentials.userName,
        Password: this.#credentials.password,
        AppKey: appKey.toString("base64"),
        ForceRefreshAccessToken: force,
      });
    } catch {
      const failure: AuthFailure = {
        kind: "rejected",
        errors: [{ code: "AUTH_PAYLOAD", message: "the auth request does not fit the IRP's public key" }],
      };
      this.report("auth", failure.kind, failure, {});
      return failure;
    }
    const result = await this.transport.send({
      method: "POST",
      path: this.paths.auth,
      headers: {
        ...this.#extraHeaders,
        [NIC_HEADERS.clientId]: this.#credentials.clientId,
        [NIC_HEADERS.clientSecret]: this.#credentials.clientSecret,
        [NIC_HEADERS.gstin]: this.#credentials.gstin,
      },
      body: JSON.stringify({ Data: data }),
      timeoutMs: this.authTimeoutMs,
    });
    const outcome = this.authOutcome(result, appKey);
    if ("token" in outcome) {
      this.#session = outcome;
      this.logger?.info(
        { op: "auth", gstin: this.gstin, expiresAt: new Date(outcome.expiresAt) },
        "IRP session",
      );
    } else {
      this.report("auth", outcome.kind, outcome, {});
    }
    return outcome;
  }

  private authOutcome(result: TransportResult, appKey: Buffer): Session | AuthFailure {
    if (result.kind === "failed") return unavailable(`auth: ${result.reason}`);
    if (isBusyStatus(result.status)) return unavailable(`auth: HTTP ${result.status}`);
    const envelope = parseEnvelope(result.body);
    if (!envelope) return { kind: "rejected", errors: [httpError(result)] };
    if (!isSuccess(envelope)) {
      const errors = errorsOf(envelope);
      return errors.some((e) => TRANSIENT_CODES.has(e.code))
        ? unavailable("auth: the IRP asks to try later", errors)
        : { kind: "rejected", errors };
    }
    const answer = envelope.Data as Partial<NicAuthData> | null | undefined;
    const expiresAt = parseIrpDateTime(String(answer?.TokenExpiry ?? ""));
    try {
      if (typeof answer?.AuthToken !== "string" || typeof answer.Sek !== "string" || !expiresAt) {
        throw new Error("incomplete");
      }
      const sek = aesDecrypt(appKey, answer.Sek);
      if (sek.length !== 32) throw new Error("not a 32-byte key");
      const expiry = expiresAt.getTime();
      const margin = Math.min(this.refreshMarginMs, Math.max(0, (expiry - this.now()) / 2));
      return { token: answer.AuthToken, sek, expiresAt: expiry, renewAt: expiry - margin };
    } catch {
      return {
        kind: "rejected",
        errors: [
          {
            code: "AUTH_ANSWER",
            message: "the IRP's auth answer has no usable AuthToken, Sek and TokenExpiry",
          },
        ],
      };
    }
  }

  private generateOutcome(exchange: Exchange): GenerateOutcome {
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
    return this.failure(result.status, errors);
  }

  private lookupOutcome(exchange: Exchange): LookupOutcome {
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
    return this.failure(result.status, errors);
  }

  private cancelOutcome(exchange: Exchange, irn: string): CancelOutcome {
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
    return this.failure(result.status, errorsOf(envelope));
  }

  /** An answer with NIC's errors: "try later" ones (or a token refused twice) are unavailability. */
  private failure(status: number, errors: IrpErrorDetail[]): IrpRejected | IrpUnavailable {
    if (errors.some((e) => TRANSIENT_CODES.has(e.code) || TOKEN_REFUSED_CODES.has(e.code))) {
      return unavailable("the IRP asks to try later", errors);
    }
    return { kind: "rejected", errors: errors.length > 0 ? errors : [httpError({ status, body: "" })] };
  }

  private report(op: string, kind: string, outcome: object, details: object): void {
    if (!this.logger) return;
    const errors = "errors" in outcome ? outcome.errors : undefined;
    const reason = "reason" in outcome ? outcome.reason : undefined;
    const entry = { op, outcome: kind, gstin: this.gstin, ...details, errors, reason };
    if (kind === "registered" || kind === "found" || kind === "cancelled" || kind === "duplicate") {
      this.logger.info(entry, `IRP ${op}: ${kind}`);
    } else {
      this.logger.warn(entry, `IRP ${op}: ${kind}`);
    }
  }
}

function tokenRefused(result: TransportResult, envelope: NicEnvelope | null): boolean {
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
