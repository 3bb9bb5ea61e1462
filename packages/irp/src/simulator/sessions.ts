import type { Random } from "./random.js";

/**
 * API credentials the simulated IRP accepts. NIC issues them per GSTIN; `gstin: "*"` accepts any
 * valid GSTIN with these credentials (handy for a server with many accounts).
 */
export interface SimAccount {
  readonly gstin: string;
  readonly userName: string;
  readonly password: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The simulator's credentials when none are given. Not secrets: a simulator holds nothing. */
export const DEFAULT_SIM_ACCOUNT: SimAccount = {
  gstin: "*",
  userName: "BAHI_SIM_USER",
  password: "bahi-sim-password",
  clientId: "BAHI_SIM_CLIENT",
  clientSecret: "bahi-sim-client-secret",
};

export interface SimSession {
  readonly token: string;
  readonly sek: Buffer;
  readonly clientId: string;
  readonly userName: string;
  readonly gstin: string;
  /** Order of issue: tokens issued before a revocation's serial are refused. */
  readonly serial: number;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

/**
 * The tokens the simulated IRP has issued. As NIC does, an authentication within a token's life
 * answers the same token (and Sek, wrapped in the new AppKey) unless a fresh one is forced.
 * Tokens can be revoked all at once, now or every N seconds (counted from the simulator's start).
 */
export class SessionRegistry {
  private readonly byToken = new Map<string, SimSession>();
  private readonly current = new Map<string, SimSession>();
  private nextSerial = 1;
  private revokedBelow = 0;

  constructor(
    private readonly random: Random,
    private readonly startedAt: number,
  ) {}

  issue(
    who: { clientId: string; userName: string; gstin: string },
    force: boolean,
    now: number,
    ttlMs: number,
    expireEverySeconds: number | null,
  ): SimSession {
    const key = `${who.clientId}|${who.userName}|${who.gstin}`;
    const live = this.current.get(key);
    if (live && !force && this.isValid(live, now, expireEverySeconds)) return live;
    const session: SimSession = {
      ...who,
      token: this.random.hex(16),
      sek: this.random.bytes(32),
      serial: this.nextSerial++,
      issuedAt: now,
      expiresAt: now + ttlMs,
    };
    this.byToken.set(session.token, session);
    this.current.set(key, session);
    this.sweep(now, expireEverySeconds);
    return session;
  }

  /** The live session of a token, or null when the token is unknown, expired or revoked. */
  find(token: string, now: number, expireEverySeconds: number | null): SimSession | null {
    const session = this.byToken.get(token);
    return session && this.isValid(session, now, expireEverySeconds) ? session : null;
  }

  /** Refuses every token issued so far. */
  revokeAll(): void {
    this.revokedBelow = this.nextSerial;
  }

  private isValid(session: SimSession, now: number, expireEverySeconds: number | null): boolean {
    if (session.serial < this.revokedBelow || now >= session.expiresAt) return false;
    if (expireEverySeconds === null) return true;
    const period = expireEverySeconds * 1000;
    return (
      Math.floor((session.issuedAt - this.startedAt) / period) === Math.floor((now - this.startedAt) / period)
    );
  }

  /** Forgets dead tokens now and then, so that a long run does not grow the map. */
  private sweep(now: number, expireEverySeconds: number | null): void {
    if (this.byToken.size < 1000) return;
    for (const [token, session] of this.byToken) {
      if (!this.isValid(session, now, expireEverySeconds)) this.byToken.delete(token);
    }
  }
}
