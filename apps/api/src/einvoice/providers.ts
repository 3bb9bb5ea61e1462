import { createNicProvider, IrpRequestError } from "@bahi/irp";
import type { EInvoiceProvider, Jwks } from "./provider.js";

/** What a NIC adapter needs, the secrets unsealed (they stay in memory, in the client's private fields). */
export interface NicSettings {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly userName: string;
  readonly password: string;
  readonly publicKey: string;
  readonly signingKeys: Jwks | null;
  /** The supplier's GSTIN, sent with every request. */
  readonly gstin: string;
}

/** How a registration that did not happen ended, in the terms the queue keeps. */
export interface RegistrationFailure {
  /** rejected: fix, then retry; unavailable: retry later; unknown: ask the IRP before sending again. */
  readonly kind: "rejected" | "unavailable" | "unknown";
  readonly code: string;
  readonly message: string;
}

/** IRP_TIMEOUT_MS: each request to a live IRP gives up after this long (its outcome is then unknown). */
export const IRP_TIMEOUT_MS = 10_000;

const MAX_MESSAGE = 1000;

/** What became of an attempt that threw: the IRP's code and message when it gave them. */
export function registrationFailure(error: unknown): RegistrationFailure {
  if (error instanceof IrpRequestError) {
    const fallback =
      error.kind === "unknown"
        ? "irp_outcome_unknown"
        : error.kind === "unavailable"
          ? "irp_unavailable"
          : "irp_rejected";
    const first = error.errors[0];
    return {
      kind: error.kind,
      code: (first?.code || fallback).slice(0, 100),
      message: (first?.message || error.message).slice(0, MAX_MESSAGE),
    };
  }
  return { kind: "unavailable", code: "irp_unavailable", message: String(error).slice(0, MAX_MESSAGE) };
}

/**
 * The NIC adapters of the accounts that registered lately, one per set of settings (`version`: the
 * settings' identity and last change), so that a session's token is shared by that account's
 * registrations and authentication happens once per token's life.
 */
export class NicProviders {
  readonly #providers = new Map<string, { version: string; provider: EInvoiceProvider }>();

  constructor(private readonly timeoutMs = IRP_TIMEOUT_MS) {}

  providerFor(key: string, version: string, settings: NicSettings): EInvoiceProvider {
    const held = this.#providers.get(key);
    if (held?.version === version) return held.provider;
    if (held) void held.provider.close();
    const provider = createNicProvider({
      baseUrl: settings.baseUrl,
      credentials: {
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        gstin: settings.gstin,
        userName: settings.userName,
        password: settings.password,
      },
      irpPublicKey: settings.publicKey,
      signingKeys: settings.signingKeys ?? { keys: [] },
      timeoutMs: this.timeoutMs,
    });
    this.#providers.set(key, { version, provider });
    return provider;
  }

  async close(): Promise<void> {
    const held = [...this.#providers.values()];
    this.#providers.clear();
    await Promise.all(held.map(({ provider }) => provider.close()));
  }
}
