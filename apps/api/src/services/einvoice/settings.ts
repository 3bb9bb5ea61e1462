import { createPublicKey } from "node:crypto";
import type { components } from "@bahi/contract";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { einvoiceSettings } from "../../db/schema.js";
import type { Jwks } from "../../einvoice/provider.js";
import type { SecretBox } from "../../secrets/secret-box.js";
import { field, unprocessable, validationFailed } from "../../values/problem.js";
import { type Owner, ownedBy } from "../shared/owner.js";
import type { AddressPolicy } from "../webhooks/address-policy.js";

type EInvoiceSettings = components["schemas"]["EInvoiceSettings"];
type EInvoiceSettingsUpdate = components["schemas"]["EInvoiceSettingsUpdate"];
export type EInvoiceSettingsRow = typeof einvoiceSettings.$inferSelect;

/**
 * EINVOICE_PRODUCTION_HOSTS: the government's production IRP hosts, which test mode never reaches
 * (test mode registers with a sandbox: Bahi's, NIC's, or a simulated IRP).
 */
export const EINVOICE_PRODUCTION_HOSTS: readonly string[] = [
  "einvoice1.gst.gov.in",
  "api.einvoice1.gst.gov.in",
  "einvoice2.gst.gov.in",
  "api.einvoice2.gst.gov.in",
];

/** The fields a `nic` provider needs, in the order the spec lists them. */
const NIC_FIELDS = ["base_url", "client_id", "client_secret", "user_name", "password", "public_key"] as const;

/** What the sealed column holds. */
interface Credentials {
  readonly clientSecret: string;
  readonly password: string;
}

export async function readEinvoiceSettings(db: Executor, owner: Owner): Promise<EInvoiceSettingsRow | null> {
  const [row] = await db.select().from(einvoiceSettings).where(ownedBy(einvoiceSettings, owner)).limit(1);
  return row ?? null;
}

/** GET /v1/account/einvoice_settings: never the secrets, only whether they are held. */
export function toEinvoiceSettings(owner: Owner, row: EInvoiceSettingsRow | null): EInvoiceSettings {
  const nic = row?.provider === "nic" ? row : null;
  return {
    object: "einvoice_settings",
    livemode: owner.livemode,
    provider: row?.provider ?? "sandbox",
    base_url: nic?.baseUrl ?? null,
    client_id: nic?.clientId ?? null,
    user_name: nic?.userName ?? null,
    public_key: nic?.publicKey ?? null,
    signing_keys: (nic?.signingKeys as Jwks | null) ?? null,
    credentials_set: nic?.sealedCredentials != null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** The client secret and password of NIC settings, unsealed. */
export function credentialsOf(row: EInvoiceSettingsRow, box: SecretBox): Credentials {
  if (!row.sealedCredentials) throw new Error("e-invoice settings without credentials");
  return JSON.parse(box.unseal(row.sealedCredentials)) as Credentials;
}

async function refuseBaseUrl(owner: Owner, baseUrl: string, policy: AddressPolicy): Promise<void> {
  const host = new URL(baseUrl).hostname.toLowerCase();
  if (!owner.livemode && EINVOICE_PRODUCTION_HOSTS.includes(host)) {
    throw unprocessable(
      "einvoice_production_in_test_mode",
      `Test mode never registers with the government's production IRP (${host}): use a sandbox.`,
      [field("einvoice_production_in_test_mode", "/base_url", "is a production IRP host")],
    );
  }
  const refusal = await policy.refusal(baseUrl, owner.livemode);
  if (refusal) {
    throw unprocessable("einvoice_base_url_refused", `The IRP cannot be reached at ${baseUrl}: ${refusal}.`, [
      field("einvoice_base_url_refused", "/base_url", refusal),
    ]);
  }
}

function checkPublicKey(pem: string): void {
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType === "rsa") return;
  } catch {
    // Reported below, as any other key that is not RSA.
  }
  throw validationFailed([field("invalid_public_key", "/public_key", "must be an RSA public key in PEM")]);
}

/**
 * POST /v1/account/einvoice_settings: the settings whole. The secrets are sealed before they are
 * stored; returning to the sandbox forgets them.
 */
export async function updateEinvoiceSettings(
  tx: Executor,
  owner: Owner,
  body: EInvoiceSettingsUpdate,
  deps: { box: SecretBox; policy: AddressPolicy },
): Promise<EInvoiceSettings> {
  let values: Omit<EInvoiceSettingsRow, "accountId" | "livemode" | "updatedAt">;
  if (body.provider === "sandbox") {
    values = {
      provider: "sandbox",
      baseUrl: null,
      clientId: null,
      userName: null,
      publicKey: null,
      signingKeys: null,
      sealedCredentials: null,
    };
  } else {
    const missing = NIC_FIELDS.filter((name) => body[name] === undefined);
    if (missing.length > 0) {
      throw validationFailed(missing.map((name) => field("required", `/${name}`, "is required for nic")));
    }
    const nic = body as Required<Omit<EInvoiceSettingsUpdate, "signing_keys">> & EInvoiceSettingsUpdate;
    checkPublicKey(nic.public_key);
    await refuseBaseUrl(owner, nic.base_url, deps.policy);
    const credentials: Credentials = { clientSecret: nic.client_secret, password: nic.password };
    values = {
      provider: "nic",
      baseUrl: nic.base_url.replace(/\/+$/, ""),
      clientId: nic.client_id,
      userName: nic.user_name,
      publicKey: nic.public_key,
      signingKeys: nic.signing_keys ?? null,
      sealedCredentials: deps.box.seal(JSON.stringify(credentials)),
    };
  }
  const [row] = await tx
    .insert(einvoiceSettings)
    .values({ accountId: owner.accountId, livemode: owner.livemode, ...values })
    .onConflictDoUpdate({
      target: [einvoiceSettings.accountId, einvoiceSettings.livemode],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return toEinvoiceSettings(owner, row ?? null);
}
