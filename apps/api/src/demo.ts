import type { Executor } from "./db/client.js";
import { countAccounts, createAccount } from "./services/accounts/accounts.js";
import { issueApiKey } from "./services/accounts/api-keys.js";

export interface DemoAccount {
  accountId: string;
  testKey: string;
}

/** On an empty database, a demo business and a test key with every scope, so a first call works at once. */
export async function seedDemoAccount(db: Executor): Promise<DemoAccount | null> {
  if ((await countAccounts(db)) > 0) return null;
  const account = await createAccount(db, {
    legalName: "Demo Traders Private Limited",
    tradeName: "Demo Traders",
    gstin: "29AABCU9603R1ZJ",
    address: { line1: "12 MG Road", city: "Bengaluru", pin: "560001", stateCode: "29" },
    plan: "free",
  });
  const key = await issueApiKey(db, {
    accountId: account.id,
    livemode: false,
    name: "Demo test key",
    scopes: ["*"],
  });
  return { accountId: account.id, testKey: key.secret };
}
