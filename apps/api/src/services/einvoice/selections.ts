import type { Executor } from "../../db/client.js";
import type { EInvoice, EInvoiceProvider, IrpRegistration, Jwks } from "../../einvoice/provider.js";
import type { NicProviders } from "../../einvoice/providers.js";
import type { SecretBox } from "../../secrets/secret-box.js";
import type { Owner } from "../shared/owner.js";
import { credentialsOf, type EInvoiceSettingsRow, readEinvoiceSettings } from "./settings.js";

/**
 * EINVOICE_SETTINGS_CACHE_MS: how long a node keeps an account's e-invoice settings before reading
 * them again (a create reads them to choose between the sandbox's fast path and a live IRP). A change
 * made on this node applies at once; one made on another node, within this time.
 */
export const EINVOICE_SETTINGS_CACHE_MS = 5_000;

const keyOf = (owner: Owner) => `${owner.accountId}:${owner.livemode}`;

/** Which IRP registers an account's documents: the sandbox in process, or its live IRP's adapter. */
export class IrpSelections {
  readonly #cache = new Map<string, { until: number; row: EInvoiceSettingsRow | null }>();

  constructor(
    readonly sandbox: EInvoiceProvider,
    private readonly nic: NicProviders,
    private readonly box: SecretBox,
    private readonly cacheMs = EINVOICE_SETTINGS_CACHE_MS,
  ) {}

  async settings(db: Executor, owner: Owner): Promise<EInvoiceSettingsRow | null> {
    const key = keyOf(owner);
    const held = this.#cache.get(key);
    if (held && held.until > Date.now()) return held.row;
    const row = await readEinvoiceSettings(db, owner);
    this.#cache.set(key, { until: Date.now() + this.cacheMs, row });
    return row;
  }

  /** Called once this node changed the owner's settings. */
  forget(owner: Owner): void {
    this.#cache.delete(keyOf(owner));
  }

  /** Whether the owner registers with a live IRP, after the commit (false: the sandbox, in process). */
  async registersLive(db: Executor, owner: Owner): Promise<boolean> {
    return (await this.settings(db, owner))?.provider === "nic";
  }

  /** The owner's provider; `gstin` is the supplier's, which a live IRP's session is for. */
  async providerFor(db: Executor, owner: Owner, gstin: string): Promise<EInvoiceProvider> {
    const row = await this.settings(db, owner);
    if (row?.provider !== "nic" || !row.baseUrl || !row.clientId || !row.userName || !row.publicKey) {
      return this.sandbox;
    }
    const { clientSecret, password } = credentialsOf(row, this.box);
    return this.nic.providerFor(keyOf(owner), `${row.updatedAt.getTime()}:${gstin}`, {
      baseUrl: row.baseUrl,
      clientId: row.clientId,
      clientSecret,
      userName: row.userName,
      password,
      publicKey: row.publicKey,
      signingKeys: (row.signingKeys as Jwks | null) ?? null,
      gstin,
    });
  }

  async register(
    db: Executor,
    owner: Owner,
    document: EInvoice,
    afterUnknownOutcome: boolean,
  ): Promise<IrpRegistration> {
    const provider = await this.providerFor(db, owner, document.SellerDtls.Gstin);
    return provider.register(document, { afterUnknownOutcome });
  }
}
