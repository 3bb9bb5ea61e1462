import type { Core } from "../core.js";
import type { List } from "../list.js";
import type { QueryParams, RequestOptions, Result } from "../types.js";

/** The account's audit log, read with `audit:read` (tag `Audit entries`). */
export class AuditEntries {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `listAuditEntries`: entries, newest first, filtered by `action`, `created_gte` or `created_lt`. */
  list(query?: QueryParams<"listAuditEntries">, options?: RequestOptions): List<Result<"listAuditEntries">> {
    return this.#core.list("listAuditEntries", query, options, (q, init) =>
      this.#core.client.GET("/v1/audit_entries", { ...init, params: { query: q } }),
    );
  }
}
