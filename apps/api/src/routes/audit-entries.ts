import type { Handlers } from "../http/operation-types.js";
import { listAuditLog } from "../services/audit/audit-log.js";
import { pageQuery } from "../services/shared/pagination.js";

export const auditEntryHandlers: Handlers = {
  // The account's whole log, whatever the key's mode: entries say their own `livemode`.
  listAuditEntries: async ({ query }, { principal, db }) => ({
    status: 200,
    body: await listAuditLog(db, principal.accountId, pageQuery(query)),
  }),
};
