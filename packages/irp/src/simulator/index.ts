import { createPrivateKey, createPublicKey } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { jwkFromPublicKey } from "../jwt.js";
import { NIC_PATHS, type NicPaths } from "../nic/protocol.js";
import type { Jwks } from "../provider.js";
import { applyFaultsPatch, DEFAULT_FAULTS, type IrpFaults } from "./faults.js";
import { sendJson } from "./http.js";
import { generateSimulatorKeys } from "./keys.js";
import { createRandom, deriveSeed } from "./random.js";
import { createRouter } from "./routes.js";
import { DEFAULT_SIM_ACCOUNT, SessionRegistry, type SimAccount } from "./sessions.js";
import { type FaultController, faultControllerOf, type SimState, type SimStats } from "./state.js";
import { RegistrationStore, type SimKeys, type SimRegistration } from "./store.js";

export type { FaultsPatch, IrpFaults } from "./faults.js";
export { applyFaultsPatch, DEFAULT_FAULTS, sampleLatency } from "./faults.js";
export { generateSimulatorKeys } from "./keys.js";
export { createRandom } from "./random.js";
export type { SimAccount } from "./sessions.js";
export { DEFAULT_SIM_ACCOUNT } from "./sessions.js";
export type { FaultController, SimStats } from "./state.js";
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
   * The size of the signing key it generates (default 2048, as NIC's). A smaller key makes the two RS256
   * signatures of each registration cheaper: less CPU taken from a benchmark on shared cores.
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

/**
 * Starts a simulated IRP: an HTTP server speaking NIC's e-invoice API (auth 1.04, core 1.03), that
 * registers documents (the real IRN, a 15-digit ack number, RS256-signed invoice and QR code), keeps
 * them, answers lookups and cancellations as NIC does, and misbehaves on request (latency, 5xx,
 * expired tokens, connections dropped after registering). Its control API is under /_sim/.
 */
export async function startIrpSimulator(options: IrpSimulatorOptions = {}): Promise<IrpSimulator> {
  const now = options.now ?? Date.now;
  const paths: NicPaths = { ...NIC_PATHS, ...options.paths };
  const accounts = options.accounts ?? [DEFAULT_SIM_ACCOUNT];
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const latencyRandom = createRandom(deriveSeed(seed, 1));
  const faultRandom = createRandom(deriveSeed(seed, 2));
  const tokenRandom = createRandom(deriveSeed(seed, 3));
  const ackRandom = createRandom(deriveSeed(seed, 4));

  const { store, keys: storedKeys } = await RegistrationStore.open(options.persistPath ?? null);
  const keys = storedKeys ?? options.keys ?? (await generateSimulatorKeys(options.keyBits));
  if (!storedKeys) store.saveKeys(keys);
  const signingKey = createPrivateKey(keys.signingKeyPem);
  const authKey = createPrivateKey(keys.authKeyPem);
  const signingJwk = jwkFromPublicKey(createPublicKey(signingKey));
  const publicKeyPem = createPublicKey(authKey).export({ type: "spki", format: "pem" }).toString();

  const faults = applyFaultsPatch(DEFAULT_FAULTS, options.faults ?? {});
  const sessions = new SessionRegistry(tokenRandom, now());
  const state: SimState = {
    now,
    paths,
    accounts,
    tokenTtlMs: (options.tokenTtlSeconds ?? 6 * 3600) * 1000,
    cancelWindowMs: (options.cancelWindowHours ?? 24) * HOUR_MS,
    lookupWindowMs: (options.lookupWindowHours ?? 48) * HOUR_MS,
    issuer: options.issuer ?? "Bahi IRP simulator",
    latencyRandom,
    faultRandom,
    signingKey,
    signingJwk,
    authKey,
    jwks: { keys: [signingJwk] },
    publicKeyPem,
    store,
    sessions,
    stats: {
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
    },
    faults,
    // 15 digits: the two-digit year, then a counter that goes on after what the store holds.
    lastAckNo:
      store.maxAckNo() ||
      BigInt(new Date(now()).getUTCFullYear() % 100) * 10n ** 13n +
        BigInt(Math.floor(ackRandom.next() * 1e9)) * 1000n,
    signing: new Map(),
    sleeping: new Set(),
    closed: false,
  };
  const faultController = faultControllerOf(state);
  const handle = createRouter(state, faultController);

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
    jwks: state.jwks,
    accounts,
    faults: faultController,
    stats: () => ({ ...state.stats, registrations: store.size }),
    registration: (irn) => store.get(irn),
    close: async () => {
      if (state.closed) return;
      state.closed = true;
      for (const entry of state.sleeping) {
        clearTimeout(entry.timer);
        entry.wake();
      }
      state.sleeping.clear();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await stopped;
      await Promise.allSettled(state.signing.values());
      await store.close();
    },
  };
}
