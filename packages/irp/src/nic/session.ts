import type { KeyObject } from "node:crypto";
import { parseIrpDateTime } from "../ist.js";
import type { IrpLogger, IrpRejected, IrpUnavailable } from "../outcomes.js";
import { httpError, isBusyStatus, unavailable } from "./answers.js";
import { aesDecrypt, encryptAuthPayload, newAppKey } from "./crypto.js";
import {
  errorsOf,
  isSuccess,
  NIC_HEADERS,
  type NicAuthData,
  parseEnvelope,
  TRANSIENT_CODES,
} from "./protocol.js";
import { reportOutcome } from "./report.js";
import type { HttpTransport, TransportResult } from "./transport.js";

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

export interface Session {
  readonly token: string;
  readonly sek: Buffer;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
  /** When to authenticate again: the refresh margin before expiry, or half the token's life if that is shorter. */
  readonly renewAt: number;
}

export type AuthFailure = IrpRejected | IrpUnavailable;

export interface SessionKeeperOptions {
  readonly credentials: NicCredentials;
  /** The IRP's public key that encrypts the auth request. */
  readonly publicKey: KeyObject;
  /** More headers on every request. Never logged. */
  readonly extraHeaders: Readonly<Record<string, string>>;
  readonly transport: HttpTransport;
  readonly authPath: string;
  readonly authTimeoutMs: number;
  /** Authenticate again this long before TokenExpiry (at most half the token's life). */
  readonly refreshMarginMs: number;
  readonly logger: IrpLogger | undefined;
  readonly now: () => number;
}

/**
 * The session of one set of credentials at the IRP: it authenticates (AppKey, RSA, Sek) when there is
 * no session or it is due, one authentication at a time, and writes each request's headers.
 * Credentials, AppKey and Sek are held in private fields (which util.inspect does not print) and
 * never logged.
 */
export class SessionKeeper {
  readonly #credentials: NicCredentials;
  readonly #publicKey: KeyObject;
  readonly #extraHeaders: Readonly<Record<string, string>>;
  #session: Session | null = null;
  #authenticating: Promise<Session | AuthFailure> | null = null;
  private readonly transport: HttpTransport;
  private readonly authPath: string;
  private readonly authTimeoutMs: number;
  private readonly refreshMarginMs: number;
  private readonly logger: IrpLogger | undefined;
  private readonly now: () => number;

  constructor(options: SessionKeeperOptions) {
    this.#credentials = options.credentials;
    this.#publicKey = options.publicKey;
    this.#extraHeaders = options.extraHeaders;
    this.transport = options.transport;
    this.authPath = options.authPath;
    this.authTimeoutMs = options.authTimeoutMs;
    this.refreshMarginMs = options.refreshMarginMs;
    this.logger = options.logger;
    this.now = options.now;
  }

  get gstin(): string {
    return this.#credentials.gstin;
  }

  /** The headers of an API request in `session`: the credentials, the extra headers and the token. */
  headers(session: Session): Record<string, string> {
    return {
      ...this.#extraHeaders,
      [NIC_HEADERS.clientId]: this.#credentials.clientId,
      [NIC_HEADERS.clientSecret]: this.#credentials.clientSecret,
      [NIC_HEADERS.gstin]: this.#credentials.gstin,
      [NIC_HEADERS.userName]: this.#credentials.userName,
      [NIC_HEADERS.authToken]: session.token,
    };
  }

  /**
   * Authenticates now; answers null on success, or why it failed. With `force`, asks NIC for a
   * fresh token (ForceRefreshAccessToken).
   */
  async authenticate(force: boolean): Promise<AuthFailure | null> {
    if (force) this.#session = null;
    const session = await this.current(force);
    return "token" in session ? null : session;
  }

  /** Forgets `session` (whose token the IRP refused), unless a newer one has replaced it already. */
  drop(session: Session): void {
    if (this.#session?.token === session.token) this.#session = null;
  }

  /** The current session, or a new one: one authentication at a time, shared by all who wait. */
  async current(force: boolean): Promise<Session | AuthFailure> {
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
      reportOutcome(this.logger, this.gstin, "auth", failure.kind, failure, {});
      return failure;
    }
    const result = await this.transport.send({
      method: "POST",
      path: this.authPath,
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
      reportOutcome(this.logger, this.gstin, "auth", outcome.kind, outcome, {});
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
}
