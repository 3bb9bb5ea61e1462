import type { Handlers } from "../http/operation-types.js";
import { findAccount, toAccount, updateAccount } from "../services/accounts/accounts.js";
import {
  readEinvoiceSettings,
  toEinvoiceSettings,
  updateEinvoiceSettings,
} from "../services/einvoice/settings.js";

export const accountHandlers: Handlers = {
  retrieveAccount: async (_input, { principal, db }) => ({
    status: 200,
    body: toAccount(await findAccount(db, principal.accountId)),
  }),
  updateAccount: async ({ body }, { principal, db }) => ({
    status: 200,
    body: toAccount(await updateAccount(db, principal.accountId, body)),
  }),
  retrieveEinvoiceSettings: async (_input, { principal, db }) => ({
    status: 200,
    body: toEinvoiceSettings(principal, await readEinvoiceSettings(db, principal)),
  }),
  updateEinvoiceSettings: async ({ body }, { principal, db, services, afterCommit }) => {
    const settings = await updateEinvoiceSettings(db, principal, body, {
      box: services.webhooks.box,
      policy: services.webhooks.policy,
    });
    afterCommit(() => services.einvoice.selections.forget(principal));
    return { status: 200, body: settings };
  },
};
