import type { KeyObject } from "node:crypto";
import type { NicPaths } from "../nic/protocol.js";
import type { Jwk, Jwks } from "../provider.js";
import { applyFaultsPatch, DEFAULT_FAULTS, type FaultsPatch, type IrpFaults } from "./faults.js";
import type { Random } from "./random.js";
import type { SessionRegistry, SimAccount } from "./sessions.js";
import type { RegistrationStore, SimRegistration } from "./store.js";

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

/**
 * What the handlers of one running simulator share: its settings and keys, the registrations and
 * the sessions, the faults in force (which the control API changes), the counts, and what is in
 * flight (signatures, sleeps) for close to wait for or cut short.
 */
export interface SimState {
  /** The clock, epoch ms. */
  readonly now: () => number;
  readonly paths: NicPaths;
  readonly accounts: readonly SimAccount[];
  readonly tokenTtlMs: number;
  readonly cancelWindowMs: number;
  readonly lookupWindowMs: number;
  /** The `iss` of its JWTs. */
  readonly issuer: string;
  readonly latencyRandom: Random;
  readonly faultRandom: Random;
  readonly signingKey: KeyObject;
  readonly signingJwk: Jwk;
  readonly authKey: KeyObject;
  readonly jwks: Jwks;
  readonly publicKeyPem: string;
  readonly store: RegistrationStore;
  readonly sessions: SessionRegistry;
  readonly stats: Omit<SimStats, "registrations">;
  faults: IrpFaults;
  /** The last ack number issued (15 digits: the two-digit year, then a counter). */
  lastAckNo: bigint;
  /** Registrations being signed: a repeat that comes meanwhile waits for them. */
  readonly signing: Map<string, Promise<SimRegistration | null>>;
  readonly sleeping: Set<{ timer: NodeJS.Timeout; wake: () => void }>;
  closed: boolean;
}

export function faultControllerOf(state: SimState): FaultController {
  return {
    current: () => state.faults,
    set: (patch) => {
      state.faults = applyFaultsPatch(state.faults, patch);
      if (patch.expireTokensNow) state.sessions.revokeAll();
      return state.faults;
    },
    expireTokensNow: () => state.sessions.revokeAll(),
    reset: () => {
      state.faults = DEFAULT_FAULTS;
      return state.faults;
    },
  };
}

/** Waits `ms`, or less if the simulator closes meanwhile. */
export function sleep(state: SimState, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const entry = {
      timer: setTimeout(() => {
        state.sleeping.delete(entry);
        resolve();
      }, ms),
      wake: resolve,
    };
    state.sleeping.add(entry);
  });
}
