import type { Handlers } from "../http/operation-types.js";
import { findAccount } from "../services/accounts/accounts.js";
import { periodOf } from "../services/gstr1/period.js";
import { portalFile } from "../services/gstr1/portal.js";
import { gstr1Summary } from "../services/gstr1/summary.js";

export const gstr1Handlers: Handlers = {
  retrieveGstr1: async ({ path, query }, { principal, db, now }) => {
    const period = periodOf(path.period, now);
    const account = await findAccount(db, principal.accountId);
    const scope = { owner: principal, start: period.start, end: period.end };
    if (query.format === "summary") {
      return {
        status: 200,
        body: await gstr1Summary(db, { livemode: principal.livemode, gstin: account.gstin }, period, scope),
      };
    }
    return { status: 200, body: portalFile(db, account.gstin, period, scope) };
  },
};
