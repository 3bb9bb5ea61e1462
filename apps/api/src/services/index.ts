import type { KeyCache } from "../auth/authenticate.js";
import type { EInvoiceProvider } from "../einvoice/provider.js";

/** What handlers reach besides the database. */
export interface Services {
  /** Every scope some operation of the spec requires: the scopes a key may be granted. */
  readonly knownScopes: ReadonlySet<string>;
  /** The Invoice Registration Portal: Bahi's sandbox, or a live GSP adapter. */
  readonly irp: EInvoiceProvider;
  /** What this node knows of API keys; cleared when a key changes here. */
  readonly keyCache: KeyCache;
}
