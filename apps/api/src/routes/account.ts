import type { Handlers } from "../http/operation-types.js";
import { findAccount, toAccount, updateAccount } from "../services/accounts.js";

export const accountHandlers: Handlers = {
  retrieveAccount: async (_input, { principal, services }) => ({
    status: 200,
    body: toAccount(await findAccount(services.db, principal.accountId)),
  }),
  updateAccount: async ({ body }, { principal, services }) => ({
    status: 200,
    body: toAccount(await updateAccount(services.db, principal.accountId, body)),
  }),
};
