import type { Executor } from "../../src/db/client.js";
import { createAccount, type Plan } from "../../src/services/accounts/accounts.js";
import { issueApiKey } from "../../src/services/accounts/api-keys.js";

/** Valid GSTINs (check characters verified) of businesses in different states. */
export const GSTINS = {
  karnataka: "29AABCU9603R1ZJ",
  maharashtra: "27AAPFU0939F1ZV",
  delhi: "07AAACR5055K1Z9",
  /** Chandigarh, a union territory without a legislature: UTGST instead of SGST. */
  chandigarh: "04AABCU9603R1ZV",
  /** Another business in Karnataka, the default account's state: a buyer or SEZ unit there. */
  karnatakaOther: "29AAPFU0939F1ZR",
} as const;

export interface Tenant {
  accountId: string;
  testKey: string;
  liveKey: string;
}

export interface TenantOptions {
  gstin?: string;
  plan?: Plan;
  legalName?: string;
}

/** An account created the way the operator does it, with a test and a live key holding every scope. */
export async function createTenant(db: Executor, options: TenantOptions = {}): Promise<Tenant> {
  const account = await createAccount(db, {
    legalName: options.legalName ?? "Acme Traders Private Limited",
    gstin: options.gstin ?? GSTINS.karnataka,
    address: { line1: "12 MG Road", city: "Bengaluru", pin: "560001" },
    plan: options.plan ?? "growth",
  });
  const [test, live] = await Promise.all([
    issueApiKey(db, { accountId: account.id, livemode: false, scopes: ["*"] }),
    issueApiKey(db, { accountId: account.id, livemode: true, scopes: ["*"] }),
  ]);
  return { accountId: account.id, testKey: test.secret, liveKey: live.secret };
}

export async function keyWithScopes(db: Executor, accountId: string, scopes: string[], livemode = false) {
  return (await issueApiKey(db, { accountId, livemode, scopes })).secret;
}
