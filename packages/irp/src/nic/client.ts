import { createPublicKey, type KeyObject } from "node:crypto";
import type {
  CancelOutcome,
  DocumentKey,
  GenerateOutcome,
  IrpApi,
  IrpLogger,
  LookupOutcome,
} from "../outcomes.js";
import type { CancelReason, EInvoice } from "../provider.js";
import { cancelOutcome, type Exchange, generateOutcome, lookupOutcome, tokenRefused } from "./answers.js";
import { encryptJson } from "./crypto.js";
import { NIC_PATHS, type NicCancelRequest, type NicPaths, parseEnvelope } from "./protocol.js";
import { reportOutcome } from "./report.js";
import { type AuthFailure, type NicCredentials, type Session, SessionKeeper } from "./session.js";
import { HttpTransport, type TransportRequest } from "./transport.js";

export type { NicCredentials } from "./session.js";

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

const DEFAULT_TIMEOUT_MS = 10_000;
/** What Node's HTTP client refuses in a header value. */
const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/;
const DEFAULT_REFRESH_MARGIN_MS = 60_000;

/**
 * A client of the NIC e-invoice API (auth 1.04, core 1.03) for one set of credentials: it
 * authenticates (AppKey, RSA, Sek), encrypts each request and decrypts each answer, authenticates
 * again when the token is due or refused (and repeats the request once), and answers each operation
 * with a typed outcome instead of throwing. Credentials, AppKey and Sek are held in private fields
 * (which util.inspect does not print) and never logged: see SessionKeeper.
 */
export class NicIrpClient implements IrpApi {
  private readonly sessions: SessionKeeper;
  private readonly transport: HttpTransport;
  private readonly paths: NicPaths;
  private readonly timeoutMs: number;
  private readonly logger: IrpLogger | undefined;

  constructor(options: NicClientOptions) {
    const { clientId, clientSecret, gstin, userName } = options.credentials;
    const headerValues = { clientId, clientSecret, gstin, userName, ...options.headers };
    for (const [name, value] of Object.entries(headerValues)) {
      if (typeof value !== "string" || value === "" || INVALID_HEADER_CHAR.test(value)) {
        // Named, never shown: the value may be a secret.
        throw new Error(`the IRP credential or header "${name}" is empty or not writable in an HTTP header`);
      }
    }
    const publicKey = createPublicKey(options.irpPublicKey);
    this.transport = new HttpTransport(options.baseUrl, {
      ...(options.maxSockets === undefined ? {} : { maxSockets: options.maxSockets }),
      ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs }),
    });
    this.paths = { ...NIC_PATHS, ...options.paths };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.logger = options.logger;
    this.sessions = new SessionKeeper({
      credentials: options.credentials,
      publicKey,
      extraHeaders: options.headers ?? {},
      transport: this.transport,
      authPath: this.paths.auth,
      authTimeoutMs: options.authTimeoutMs ?? this.timeoutMs,
      refreshMarginMs: options.tokenRefreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS,
      logger: this.logger,
      now: options.now ?? Date.now,
    });
  }

  get gstin(): string {
    return this.sessions.gstin;
  }

  /** Generate IRN, once: no recovery, no repeat beyond the one after a refused token. */
  async generateIrn(document: EInvoice): Promise<GenerateOutcome> {
    const exchange = await this.exchange((session) => ({
      method: "POST",
      path: this.paths.generate,
      headers: this.sessions.headers(session),
      body: JSON.stringify({ Data: encryptJson(session.sek, document) }),
      timeoutMs: this.timeoutMs,
    }));
    const outcome = generateOutcome(exchange);
    this.report("generate", outcome.kind, outcome, { docNo: document.DocDtls.No });
    return outcome;
  }

  /** Get IRN by document details: how to learn what became of a Generate IRN whose outcome is unknown. */
  async getByDocDetails(document: DocumentKey): Promise<LookupOutcome> {
    const query = new URLSearchParams({ doctype: document.Typ, docnum: document.No, docdate: document.Dt });
    const outcome = lookupOutcome(await this.get(`${this.paths.byDocDetails}?${query}`));
    this.report("get_by_doc_details", outcome.kind, outcome, { docNo: document.No });
    return outcome;
  }

  /** Get e-invoice by IRN. */
  async getByIrn(irn: string): Promise<LookupOutcome> {
    const outcome = lookupOutcome(await this.get(this.paths.byIrn.replace("{irn}", encodeURIComponent(irn))));
    this.report("get_by_irn", outcome.kind, outcome, { irn });
    return outcome;
  }

  /** Cancel IRN (NIC allows it within 24 hours of generation). */
  async cancelIrn(irn: string, reason: CancelReason, remark: string): Promise<CancelOutcome> {
    const request: NicCancelRequest = { Irn: irn, CnlRsn: reason, CnlRem: remark };
    const exchange = await this.exchange((session) => ({
      method: "POST",
      path: this.paths.cancel,
      headers: this.sessions.headers(session),
      body: JSON.stringify({ Data: encryptJson(session.sek, request) }),
      timeoutMs: this.timeoutMs,
    }));
    const outcome = cancelOutcome(exchange, irn);
    this.report("cancel", outcome.kind, outcome, { irn });
    return outcome;
  }

  /**
   * Authenticates now (the operations do it by themselves when needed); answers null on success, or
   * why it failed. With `force`, asks NIC for a fresh token (ForceRefreshAccessToken).
   */
  async authenticate(force = false): Promise<AuthFailure | null> {
    return this.sessions.authenticate(force);
  }

  async close(): Promise<void> {
    this.transport.close();
  }

  private get(path: string): Promise<Exchange> {
    return this.exchange((session) => ({
      method: "GET",
      path,
      headers: this.sessions.headers(session),
      timeoutMs: this.timeoutMs,
    }));
  }

  /** Sends a request in a valid session; a refused token gets one new session and one repeat. */
  private async exchange(build: (session: Session) => TransportRequest): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      const session = await this.sessions.current(attempt > 0);
      if (!("token" in session)) return { kind: "no_session", failure: session };
      const result = await this.transport.send(build(session));
      const envelope = result.kind === "answered" ? parseEnvelope(result.body) : null;
      if (attempt === 0 && tokenRefused(result, envelope)) {
        this.logger?.info(
          { op: "auth", gstin: this.gstin },
          "the IRP refused the token; authenticating again",
        );
        this.sessions.drop(session);
        continue;
      }
      return { kind: "exchanged", result, envelope, session };
    }
  }

  private report(op: string, kind: string, outcome: object, details: object): void {
    reportOutcome(this.logger, this.gstin, op, kind, outcome, details);
  }
}
