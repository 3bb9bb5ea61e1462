import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { computeIrn, type DocumentType, validateGstin } from "@bahi/gst";
import { documentDateToIso, formatIrpDateTime, istToday } from "../ist.js";
import { jwkFromPublicKey, signRs256Jwt } from "../jwt.js";
import { aesEncrypt, decryptAuthPayload, decryptJson, encryptJson } from "../nic/crypto.js";
import {
  DUPLICATE_INFO_CODE,
  NIC_ERROR,
  NIC_PATHS,
  type NicAuthData,
  type NicCancelData,
  type NicErrorDetail,
  type NicInfo,
  type NicIrnData,
  type NicPaths,
} from "../nic/protocol.js";
import type { EInvoice, Jwks } from "../provider.js";
import {
  applyFaultsPatch,
  DEFAULT_FAULTS,
  type FaultsPatch,
  type IrpFaults,
  sampleLatency,
} from "./faults.js";
import { createRandom, deriveSeed } from "./random.js";
import { DEFAULT_SIM_ACCOUNT, SessionRegistry, type SimAccount, type SimSession } from "./sessions.js";
import { RegistrationStore, type SimKeys, type SimRegistration } from "./store.js";
import { validateInvoice } from "./validate.js";

export type { FaultsPatch, IrpFaults } from "./faults.js";
export { applyFaultsPatch, DEFAULT_FAULTS, sampleLatency } from "./faults.js";
export { createRandom } from "./random.js";
export type { SimAccount } from "./sessions.js";
export { DEFAULT_SIM_ACCOUNT } from "./sessions.js";
export type { SimKeys, SimRegistration } from "./store.js";

export interface IrpSimulatorOptions {
  /** Default 0: a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Seeds latency, faults, tokens and ack numbers, so that a run can be repeated (default: random). */
  readonly seed?: number;
  /** The credentials it accepts (default: DEFAULT_SIM_ACCOUNT, any GSTIN). */
  readonly accounts?: readonly SimAccount[];
  /** Faults from the start (the rest: DEFAULT_FAULTS). */
  readonly faults?: Partial<IrpFaults>;
  /** A JSON Lines file that keeps the keys and registrations across restarts (default: memory only). */
  readonly persistPath?: string | null;
  /** Its RSA keys (default: those in persistPath, else new ones; generating two takes a moment). */
  readonly keys?: SimKeys;
  /**
   * The size of the signing key it generates (default 2048, as NIC's). Two RS256 signatures a registration cost
   * about 0.7 ms of CPU at 2048 bits and 0.2 ms at 1024: less for a benchmark on shared cores.
   */
  readonly keyBits?: 1024 | 2048 | 3072 | 4096;
  /** The life of a token, announced in TokenExpiry (default 6 hours, as NIC's). */
  readonly tokenTtlSeconds?: number;
  /** How long after generation an IRN can be cancelled (default 24 hours). */
  readonly cancelWindowHours?: number;
  /** How long after generation an IRN can be read, by IRN or by document details (default 48 hours). */
  readonly lookupWindowHours?: number;
  /** The `iss` of its JWTs (default "Bahi IRP simulator", so that nobody mistakes them for NIC's). */
  readonly issuer?: string;
  /** Paths of the API (default NIC's). */
  readonly paths?: Partial<NicPaths>;
  /** The clock, epoch ms (tests). */
  readonly now?: () => number;
}

/** Counts since the start. */
export interface SimStats {
  requests: number;
  auth: number;
  generate: number;
  registered: number;
  duplicates: number;
  rejected: number;
  lookups: number;
  cancelled: number;
  failedWithStatus: number;
  dropped: number;
  tokensRefused: number;
  /** Registrations held (with those read from persistPath). */
  registrations: number;
}

export interface FaultController {
  current(): IrpFaults;
  /** Changes some faults (see FaultsPatch); throws on a bad value. */
  set(patch: FaultsPatch): IrpFaults;
  /** Every token issued so far is refused from now on (error 1005). */
  expireTokensNow(): void;
  reset(): IrpFaults;
}

export interface IrpSimulator {
  /** e.g. http://127.0.0.1:41234: the client's baseUrl. */
  readonly url: string;
  readonly port: number;
  /** SPKI PEM of the key that encrypts the auth request: the client's irpPublicKey. */
  readonly publicKeyPem: string;
  /** The keys that verify its SignedInvoice and SignedQRCode. */
  readonly jwks: Jwks;
  readonly accounts: readonly SimAccount[];
  readonly faults: FaultController;
  stats(): SimStats;
  /** A registration as it keeps it (tests). */
  registration(irn: string): SimRegistration | undefined;
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;
const MAX_BODY_BYTES = 20 * 1024 * 1024;
const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * New RSA keys for a simulator: one signs (of `signingBits`), one decrypts the auth request (2048
 * bits always: the request's payload does not fit a smaller key, as with NIC's).
 */
export async function generateSimulatorKeys(signingBits = 2048): Promise<SimKeys> {
  const options = (modulusLength: number) =>
    ({
      modulusLength,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    }) as const;
  const [signing, auth] = await Promise.all([
    generateRsaKeyPair("rsa", options(signingBits)),
    generateRsaKeyPair("rsa", options(2048)),
  ]);
  return { signingKeyPem: signing.privateKey, authKeyPem: auth.privateKey };
}

/**
 * Starts a simulated IRP: an HTTP server speaking NIC's e-invoice API (auth 1.04, core 1.03), that
 * registers documents (the real IRN, a 15-digit ack number, RS256-signed invoice and QR code), keeps
 * them, answers lookups and cancellations as NIC does, and misbehaves on request (latency, 5xx,
 * expired tokens, connections dropped after registering). Its control API is under /_sim/.
 */
export async function startIrpSimulator(options: IrpSimulatorOptions = {}): Promise<IrpSimulator> {
  const now = options.now ?? Date.now;
  const paths: NicPaths = { ...NIC_PATHS, ...options.paths };
  const [byIrnPrefix = "", byIrnSuffix = ""] = paths.byIrn.split("{irn}");
  const accounts = options.accounts ?? [DEFAULT_SIM_ACCOUNT];
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const latencyRandom = createRandom(deriveSeed(seed, 1));
  const faultRandom = createRandom(deriveSeed(seed, 2));
  const tokenRandom = createRandom(deriveSeed(seed, 3));
  const ackRandom = createRandom(deriveSeed(seed, 4));
  const tokenTtlMs = (options.tokenTtlSeconds ?? 6 * 3600) * 1000;
  const cancelWindowMs = (options.cancelWindowHours ?? 24) * HOUR_MS;
  const lookupWindowMs = (options.lookupWindowHours ?? 48) * HOUR_MS;
  const issuer = options.issuer ?? "Bahi IRP simulator";

  const { store, keys: storedKeys } = await RegistrationStore.open(options.persistPath ?? null);
  const keys = storedKeys ?? options.keys ?? (await generateSimulatorKeys(options.keyBits));
  if (!storedKeys) store.saveKeys(keys);
  const signingKey: KeyObject = createPrivateKey(keys.signingKeyPem);
  const authKey: KeyObject = createPrivateKey(keys.authKeyPem);
  const signingJwk = jwkFromPublicKey(createPublicKey(signingKey));
  const jwks: Jwks = { keys: [signingJwk] };
  const publicKeyPem = createPublicKey(authKey).export({ type: "spki", format: "pem" }).toString();

  let faults = applyFaultsPatch(DEFAULT_FAULTS, options.faults ?? {});
  const sessions = new SessionRegistry(tokenRandom, now());
  const stats: Omit<SimStats, "registrations"> = {
    requests: 0,
    auth: 0,
    generate: 0,
    registered: 0,
    duplicates: 0,
    rejected: 0,
    lookups: 0,
    cancelled: 0,
    failedWithStatus: 0,
    dropped: 0,
    tokensRefused: 0,
  };
  // 15 digits: the two-digit year, then a counter that goes on after what the store holds.
  let lastAckNo =
    store.maxAckNo() ||
    BigInt(new Date(now()).getUTCFullYear() % 100) * 10n ** 13n +
      BigInt(Math.floor(ackRandom.next() * 1e9)) * 1000n;
  /** Registrations being signed: a repeat that comes meanwhile waits for them. */
  const signing = new Map<string, Promise<SimRegistration | null>>();
  const sleeping = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  let closed = false;

  const faultController: FaultController = {
    current: () => faults,
    set: (patch) => {
      faults = applyFaultsPatch(faults, patch);
      if (patch.expireTokensNow) sessions.revokeAll();
      return faults;
    },
    expireTokensNow: () => sessions.revokeAll(),
    reset: () => {
      faults = DEFAULT_FAULTS;
      return faults;
    },
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          sleeping.delete(entry);
          resolve();
        }, ms),
        wake: resolve,
      };
      sleeping.add(entry);
    });

  const sendJson = (res: http.ServerResponse, status: number, value: unknown) => {
    const body = JSON.stringify(value);
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  };
  const fail = (res: http.ServerResponse, errors: NicErrorDetail[], info: NicInfo[] | null = null) =>
    sendJson(res, 200, { Status: 0, Data: null, ErrorDetails: errors, InfoDtls: info });
  const error = (code: string, message: string): NicErrorDetail => ({
    ErrorCode: code,
    ErrorMessage: message,
  });
  const succeed = (res: http.ServerResponse, session: SimSession, data: unknown) =>
    sendJson(res, 200, {
      Status: 1,
      Data: encryptJson(session.sek, data),
      ErrorDetails: null,
      InfoDtls: null,
    });

  const irnData = (registration: SimRegistration): NicIrnData => ({
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
  });

  const header = (req: http.IncomingMessage, name: string): string => {
    const value = req.headers[name.toLowerCase()];
    return (Array.isArray(value) ? value[0] : value) ?? "";
  };

  /** The session of an API request's headers, or NIC's error for them. */
  const sessionOf = (req: http.IncomingMessage): SimSession | NicErrorDetail => {
    const clientId = header(req, "client_id");
    const clientSecret = header(req, "client_secret");
    if (!accounts.some((a) => a.clientId === clientId && a.clientSecret === clientSecret)) {
      return error(NIC_ERROR.invalidClient, "Invalid Client-ID/Client-Secret");
    }
    const gstin = header(req, "gstin");
    if (!gstin) return error(NIC_ERROR.headerGstinRequired, "Header GSTIN is required");
    const userName = header(req, "user_name");
    if (!userName) return error(NIC_ERROR.userNameRequired, "User Name is required");
    const session = sessions.find(header(req, "authtoken"), now(), faults.expireTokensEverySeconds);
    if (
      !session ||
      session.clientId !== clientId ||
      session.userName !== userName ||
      session.gstin !== gstin
    ) {
      stats.tokensRefused++;
      return error(NIC_ERROR.invalidToken, "Invalid Token");
    }
    return session;
  };

  const authenticate = (req: http.IncomingMessage, res: http.ServerResponse, body: unknown) => {
    stats.auth++;
    const clientId = header(req, "client_id");
    const clientSecret = header(req, "client_secret");
    const candidates = accounts.filter((a) => a.clientId === clientId && a.clientSecret === clientSecret);
    if (candidates.length === 0)
      return fail(res, [error(NIC_ERROR.invalidClient, "Invalid Client-ID/Client-Secret")]);
    const gstin = header(req, "gstin");
    if (!gstin) return fail(res, [error(NIC_ERROR.headerGstinRequired, "Header GSTIN is required")]);
    let payload: ReturnType<typeof decryptAuthPayload>;
    try {
      payload = decryptAuthPayload(authKey, String((body as { Data?: unknown } | null)?.Data ?? ""));
    } catch {
      return fail(res, [
        error(NIC_ERROR.authenticationFailed, "Authentication failed. Pls. inform the helpdesk"),
      ]);
    }
    const appKey = Buffer.from(payload.AppKey, "base64");
    if (appKey.length !== 32)
      return fail(res, [error(NIC_ERROR.appKeyUndecryptable, "Decryption of App Key failed")]);
    const account = candidates.find(
      (a) => a.userName === payload.UserName && a.password === payload.Password,
    );
    if (!account) return fail(res, [error(NIC_ERROR.invalidCredentials, "Invalid login credentials")]);
    if (account.gstin !== gstin && !(account.gstin === "*" && validateGstin(gstin).ok)) {
      return fail(res, [error(NIC_ERROR.invalidGstinForUser, "Invalid GSTIN for this user")]);
    }
    const session = sessions.issue(
      { clientId, userName: account.userName, gstin },
      payload.ForceRefreshAccessToken,
      now(),
      tokenTtlMs,
      faults.expireTokensEverySeconds,
    );
    const data: NicAuthData = {
      ClientId: clientId,
      UserName: account.userName,
      AuthToken: session.token,
      Sek: aesEncrypt(appKey, session.sek),
      TokenExpiry: formatIrpDateTime(new Date(session.expiresAt)),
    };
    sendJson(res, 200, { Status: 1, Data: data, ErrorDetails: null, InfoDtls: null });
  };

  /** Signs and keeps a new registration (null when the simulator closed meanwhile). */
  const register = async (
    document: EInvoice,
    irn: string,
    gstin: string,
  ): Promise<SimRegistration | null> => {
    const registeredAt = Math.floor(now() / 1000) * 1000;
    lastAckNo += 1n;
    const ackNo = lastAckNo.toString().padStart(15, "0");
    const ackDt = formatIrpDateTime(new Date(registeredAt));
    const mainHsn = [...document.ItemList].sort((a, b) => b.AssAmt - a.AssAmt)[0]?.HsnCd ?? "";
    const qr = {
      SellerGstin: document.SellerDtls.Gstin,
      BuyerGstin: document.BuyerDtls.Gstin,
      DocNo: document.DocDtls.No,
      DocTyp: document.DocDtls.Typ,
      DocDt: document.DocDtls.Dt,
      TotInvVal: document.ValDtls.TotInvVal,
      ItemCnt: document.ItemList.length,
      MainHsnCode: mainHsn,
      Irn: irn,
      IrnDt: ackDt,
    };
    const [signedInvoice, signedQrCode] = await Promise.all([
      signRs256Jwt(
        { data: JSON.stringify({ AckNo: Number(ackNo), AckDt: ackDt, Irn: irn, ...document }), iss: issuer },
        signingKey,
        signingJwk.kid,
      ),
      signRs256Jwt({ data: JSON.stringify(qr), iss: issuer }, signingKey, signingJwk.kid),
    ]);
    if (closed) return null;
    const registration: SimRegistration = {
      irn,
      gstin,
      docType: document.DocDtls.Typ,
      docNumber: document.DocDtls.No,
      docDate: document.DocDtls.Dt,
      ackNo,
      ackDt,
      registeredAt,
      signedInvoice,
      signedQrCode,
      status: "ACT",
    };
    store.add(registration);
    stats.registered++;
    return registration;
  };

  const generate = async (req: http.IncomingMessage, res: http.ServerResponse, body: unknown) => {
    stats.generate++;
    const session = sessionOf(req);
    if (!("token" in session)) return fail(res, [session]);
    let document: unknown;
    try {
      document = decryptJson(session.sek, String((body as { Data?: unknown } | null)?.Data ?? ""));
    } catch {
      return fail(res, [
        error(NIC_ERROR.invalidSchema, "The request payload could not be decrypted with the session's key."),
      ]);
    }
    const errors = validateInvoice(document, session.gstin, istToday(new Date(now())));
    if (errors.length > 0) {
      stats.rejected++;
      return fail(res, errors);
    }
    const invoice = document as EInvoice;
    const irn = computeIrn({
      supplierGstin: invoice.SellerDtls.Gstin,
      date: documentDateToIso(invoice.DocDtls.Dt) ?? "",
      docType: invoice.DocDtls.Typ,
      docNumber: invoice.DocDtls.No,
    });
    // No await unless a registration of this IRN is being signed: two repeats must not both register.
    const beingSigned = signing.get(irn);
    const existing = store.get(irn) ?? (beingSigned ? await beingSigned : undefined);
    if (existing) {
      stats.duplicates++;
      const desc = { AckNo: Number(existing.ackNo), AckDt: existing.ackDt, Irn: existing.irn };
      return fail(
        res,
        [error(NIC_ERROR.duplicateIrn, "Duplicate IRN")],
        [{ InfCd: DUPLICATE_INFO_CODE, Desc: desc }],
      );
    }
    const pending = register(invoice, irn, session.gstin);
    signing.set(irn, pending);
    const registration = await pending.finally(() => signing.delete(irn));
    if (!registration) return res.destroy();
    let drop = false;
    if (faults.dropAfterRegisterNext > 0) {
      faults = { ...faults, dropAfterRegisterNext: faults.dropAfterRegisterNext - 1 };
      drop = true;
    } else if (faults.dropAfterRegisterRate > 0) {
      drop = faultRandom.next() < faults.dropAfterRegisterRate;
    }
    if (drop) {
      stats.dropped++;
      req.socket.destroy();
      return;
    }
    succeed(res, session, irnData(registration));
  };

  /** Get by IRN and by document details: the registration, if it is the user's and recent enough. */
  const answerRegistration = (res: http.ServerResponse, session: SimSession, irn: string | null) => {
    const registration = irn ? store.get(irn) : undefined;
    if (!registration)
      return fail(res, [error(NIC_ERROR.irnNotAvailable, "Requested IRN data is not available")]);
    if (registration.gstin !== session.gstin) {
      return fail(res, [error(NIC_ERROR.notTheUsersInvoice, "Invoice does not belongs to the user GSTIN")]);
    }
    if (now() - registration.registeredAt > lookupWindowMs) {
      return fail(res, [
        error(
          NIC_ERROR.detailsTooOld,
          "IRN details cannot be provided as it is generated more than 2 days ago",
        ),
      ]);
    }
    succeed(res, session, irnData(registration));
  };

  const byIrn = (req: http.IncomingMessage, res: http.ServerResponse, irn: string) => {
    stats.lookups++;
    const session = sessionOf(req);
    if (!("token" in session)) return fail(res, [session]);
    answerRegistration(res, session, irn);
  };

  const byDocDetails = (req: http.IncomingMessage, res: http.ServerResponse, query: URLSearchParams) => {
    stats.lookups++;
    const session = sessionOf(req);
    if (!("token" in session)) return fail(res, [session]);
    let irn: string;
    try {
      irn = computeIrn({
        supplierGstin: session.gstin,
        date: documentDateToIso(query.get("docdate") ?? "") ?? "",
        docType: (query.get("doctype") ?? "") as DocumentType,
        docNumber: query.get("docnum") ?? "",
      });
    } catch {
      return fail(res, [
        error(NIC_ERROR.invalidSchema, "Invalid document details: doctype, docnum and docdate (dd/mm/yyyy)."),
      ]);
    }
    answerRegistration(res, session, irn);
  };

  const cancel = (req: http.IncomingMessage, res: http.ServerResponse, body: unknown) => {
    const session = sessionOf(req);
    if (!("token" in session)) return fail(res, [session]);
    let request: Record<string, unknown>;
    try {
      request = decryptJson(session.sek, String((body as { Data?: unknown } | null)?.Data ?? "")) as Record<
        string,
        unknown
      >;
    } catch {
      return fail(res, [
        error(NIC_ERROR.invalidSchema, "The request payload could not be decrypted with the session's key."),
      ]);
    }
    const problems: NicErrorDetail[] = [];
    if (!["1", "2", "3", "4"].includes(String(request.CnlRsn))) {
      problems.push(error(NIC_ERROR.invalidSchema, "The field CnlRsn must be 1, 2, 3 or 4."));
    }
    if (typeof request.CnlRem !== "string" || request.CnlRem.length > 100) {
      problems.push(
        error(NIC_ERROR.invalidSchema, "The field CnlRem must be a string with a maximum length of 100."),
      );
    }
    if (problems.length > 0) return fail(res, problems);
    const registration = typeof request.Irn === "string" ? store.get(request.Irn) : undefined;
    if (!registration)
      return fail(res, [error(NIC_ERROR.irnNotAvailable, "Requested IRN data is not available")]);
    if (registration.gstin !== session.gstin) {
      return fail(res, [error(NIC_ERROR.notTheUsersInvoice, "Invoice does not belongs to the user GSTIN")]);
    }
    if (registration.status === "CNL")
      return fail(res, [error(NIC_ERROR.notActive, "Invoice is not active")]);
    if (now() - registration.registeredAt > cancelWindowMs) {
      return fail(res, [
        error(
          NIC_ERROR.cancelWindowPassed,
          "The allowed cancellation time limit is crossed, you cannot cancel the IRN",
        ),
      ]);
    }
    const cancelDate = formatIrpDateTime(new Date(now()));
    store.cancel(registration, cancelDate);
    stats.cancelled++;
    const data: NicCancelData = { Irn: registration.irn, CancelDate: cancelDate };
    succeed(res, session, data);
  };

  const control = (req: http.IncomingMessage, res: http.ServerResponse, path: string, rawBody: string) => {
    if (path === "/_sim/faults" && req.method === "GET") return sendJson(res, 200, faults);
    if (path === "/_sim/faults" && req.method === "POST") {
      try {
        return sendJson(res, 200, faultController.set(JSON.parse(rawBody || "{}") as FaultsPatch));
      } catch (problem) {
        return sendJson(res, 400, { error: (problem as Error).message });
      }
    }
    if (path === "/_sim/jwks") return sendJson(res, 200, jwks);
    if (path === "/_sim/public-key") {
      res.writeHead(200, { "content-type": "application/x-pem-file" });
      return res.end(publicKeyPem);
    }
    if (path === "/_sim/stats") return sendJson(res, 200, { ...stats, registrations: store.size });
    if (path.startsWith("/_sim/registrations/")) {
      const registration = store.get(decodeURIComponent(path.slice("/_sim/registrations/".length)));
      return registration ? sendJson(res, 200, registration) : sendJson(res, 404, { error: "no such IRN" });
    }
    sendJson(res, 404, { error: `no control endpoint ${req.method} ${path}` });
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://simulator");
    const rawBody = await readBody(req);
    if (url.pathname.startsWith("/_sim/")) return control(req, res, url.pathname, rawBody);
    stats.requests++;
    const latency = sampleLatency(faults, latencyRandom);
    if (latency > 0) await sleep(latency);
    if (closed) return res.destroy();
    if (faults.failNext > 0 || (faults.errorRate > 0 && faultRandom.next() < faults.errorRate)) {
      if (faults.failNext > 0) faults = { ...faults, failNext: faults.failNext - 1 };
      stats.failedWithStatus++;
      res.writeHead(faults.errorStatus, { "content-type": "text/plain" });
      return res.end("Service Unavailable (simulated)");
    }
    let body: unknown = null;
    if (req.method === "POST") {
      try {
        body = JSON.parse(rawBody);
      } catch {
        return fail(res, [error(NIC_ERROR.invalidSchema, "The request is not JSON.")]);
      }
    }
    const path = url.pathname;
    if (req.method === "POST" && path === paths.auth) return authenticate(req, res, body);
    if (req.method === "POST" && path === paths.generate) return generate(req, res, body);
    if (req.method === "POST" && path === paths.cancel) return cancel(req, res, body);
    if (req.method === "GET" && path === paths.byDocDetails) return byDocDetails(req, res, url.searchParams);
    if (req.method === "GET" && path.startsWith(byIrnPrefix) && path.endsWith(byIrnSuffix)) {
      const irn = decodeURIComponent(path.slice(byIrnPrefix.length, path.length - byIrnSuffix.length));
      if (irn && !irn.includes("/")) return byIrn(req, res, irn);
    }
    sendJson(res, 404, { error: `no endpoint ${req.method} ${path}` });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: "the simulator failed" });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    publicKeyPem,
    jwks,
    accounts,
    faults: faultController,
    stats: () => ({ ...stats, registrations: store.size }),
    registration: (irn) => store.get(irn),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const entry of sleeping) {
        clearTimeout(entry.timer);
        entry.wake();
      }
      sleeping.clear();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopped;
      await Promise.allSettled(signing.values());
      await store.close();
    },
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error("the request is too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
