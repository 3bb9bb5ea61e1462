import type { Handlers } from "../http/operation-types.js";
import { findAccount, toAccount, updateAccount } from "../services/accounts/accounts.js";

export const accountHandlers: Handlers = {
  retrieveAccount: async (_input, { principal, db }) => ({
    status: 200,
    body: toAccount(await findAccount(db, principal.accountId)),
  }),
  updateAccount: async ({ body }, { principal, db }) => ({
    status: 200,
    body: toAccount(await updateAccount(db, principal.accountId, body)),
  }),
};
