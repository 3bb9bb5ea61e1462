import type { Executor } from "./db/client.js";
import { countAccounts, createAccount } from "./services/accounts/accounts.js";
import { issueApiKey } from "./services/accounts/api-keys.js";
import { createMember, issueLink } from "./services/members/members.js";

export interface DemoAccount {
  accountId: string;
  testKey: string;
  /** The demo owner's one-time sign-in link's token (SIGN_IN_LINK_LIFETIME_HOURS). */
  signInToken: string;
}

/** The demo account's owner, who signs in to /app with the one-time link printed at start. */
export const DEMO_OWNER_EMAIL = "owner@demo-traders.example";

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
  const owner = await createMember(db, {
    email: DEMO_OWNER_EMAIL,
    name: "Demo owner",
    accountId: account.id,
    role: "owner",
  });
  const signInToken = await issueLink(db, owner.id, "sign_in", new Date());
  return { accountId: account.id, testKey: key.secret, signInToken };
}
