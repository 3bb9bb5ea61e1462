import type { Database } from "../db/client.js";

/** What handlers reach the outside world through. */
export interface Services {
  readonly db: Database;
  /** Every scope some operation of the spec requires: the scopes a key may be granted. */
  readonly knownScopes: ReadonlySet<string>;
}
