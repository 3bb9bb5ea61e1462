import { fixtures } from "@bahi/contract";
import {
  createNicProvider,
  type EInvoice,
  type IrpLogger,
  type NicClientOptions,
  NicIrpClient,
} from "../src/index.js";
import type { NicProviderOptions } from "../src/nic/provider.js";
import {
  DEFAULT_SIM_ACCOUNT,
  generateSimulatorKeys,
  type IrpSimulator,
  type IrpSimulatorOptions,
  type SimKeys,
  startIrpSimulator,
} from "../src/simulator/index.js";

/** The fixture's seller: the GSTIN every test registers for. */
export const SELLER_GSTIN = fixtures.EInvoice.SellerDtls.Gstin;

let keys: Promise<SimKeys> | null = null;

/** One pair of simulator keys per test file: generating RSA keys takes a while. */
export function simulatorKeys(): Promise<SimKeys> {
  keys ??= generateSimulatorKeys();
  return keys;
}

export async function startSimulator(options: IrpSimulatorOptions = {}): Promise<IrpSimulator> {
  return startIrpSimulator({ seed: 7, keys: await simulatorKeys(), ...options });
}

const IST_OFFSET_MS = 5.5 * 3600 * 1000;

/** A date `dd/mm/yyyy` in India, `daysAgo` days before the clock's today. */
export function documentDate(now = Date.now(), daysAgo = 0): string {
  const iso = new Date(now + IST_OFFSET_MS - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [year, month, day] = iso.split("-");
  return `${day}/${month}/${year}`;
}

let serial = 0;

/** The contract's INV-01 fixture with a number of its own and today's date (the IRP refuses future dates). */
export function invoice(overrides: { number?: string; date?: string } = {}): EInvoice {
  const document = structuredClone(fixtures.EInvoice) as EInvoice;
  serial += 1;
  document.DocDtls.No = overrides.number ?? `T/${process.pid % 1000}/${serial}`;
  document.DocDtls.Dt = overrides.date ?? documentDate();
  return document;
}

export function credentials(sim: IrpSimulator, gstin = SELLER_GSTIN) {
  const account = sim.accounts[0] ?? DEFAULT_SIM_ACCOUNT;
  return {
    gstin,
    userName: account.userName,
    password: account.password,
    clientId: account.clientId,
    clientSecret: account.clientSecret,
  };
}

export function clientFor(sim: IrpSimulator, options: Partial<NicClientOptions> = {}): NicIrpClient {
  return new NicIrpClient({
    baseUrl: sim.url,
    irpPublicKey: sim.publicKeyPem,
    credentials: credentials(sim),
    timeoutMs: 5000,
    ...options,
  });
}

export function providerFor(sim: IrpSimulator, options: Partial<NicProviderOptions> = {}) {
  return createNicProvider({
    baseUrl: sim.url,
    irpPublicKey: sim.publicKeyPem,
    signingKeys: sim.jwks,
    credentials: credentials(sim),
    timeoutMs: 5000,
    recoveryDelayMs: 0,
    ...options,
  });
}

/** A logger that keeps what it is given, as text, to look for secrets in. */
export function recordingLogger(): IrpLogger & { lines: string[] } {
  const lines: string[] = [];
  const record = (details: object, message: string) => lines.push(`${message} ${JSON.stringify(details)}`);
  return { lines, info: record, warn: record };
}
