import type { Handlers } from "../http/operation-types.js";
import { findAccount, toAccount, updateAccount } from "../services/accounts/accounts.js";
import { actorOf, recordAudit } from "../services/audit/audit-log.js";
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
  updateAccount: async ({ body }, { principal, db }) => {
    const account = toAccount(await updateAccount(db, principal.accountId, body));
    await recordAudit(db, {
      accountId: principal.accountId,
      actor: actorOf(principal),
      action: "account.updated",
      targetId: principal.accountId,
      details: { fields: Object.keys(body) },
    });
    return { status: 200, body: account };
  },
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
