import type { RenderDocumentInput } from "@bahi/invoice-pdf";
import type { Database } from "../db/client.js";
import type { EInvoiceProvider } from "../einvoice/provider.js";
import type { GuessedClaims } from "../speed/guessed-claims.js";
import type { IssuedInvoices } from "../speed/issued-invoices.js";
import type { KeyCache } from "./accounts/authenticate.js";
import type { EInvoiceServices } from "./einvoice/registrar.js";
import type { WebhookDeps } from "./webhooks/subscriptions.js";

/** What handlers reach besides the database. */
export interface Services {
  /** Every scope some operation of the spec requires: the scopes a key may be granted. */
  readonly knownScopes: ReadonlySet<string>;
  /** Bahi's sandbox IRP, in process: every account's unless its e-invoice settings name a live IRP. */
  readonly irp: EInvoiceProvider;
  /** Each account's IRP, and the registrations with a live one after the commit. */
  readonly einvoice: EInvoiceServices;
  /** What never changes of the invoices this node has read (speed/issued-invoices.ts); null: none. */
  readonly issuedInvoices: IssuedInvoices | null;
  /** Claims of guessed invoice numbers (speed/guessed-claims.ts); null: every invoice under the lock. */
  readonly claims: GuessedClaims | null;
  /** Connections where short reads are pipelined (POINT_READ_CONNECTIONS); on PGlite, the database. */
  readonly pointReads: Database;
  /**
   * The point reads' connections when a write may read beside its own transaction (facts read without
   * a lock, on PostgreSQL); null on PGlite, whose one connection the transaction holds.
   */
  readonly readsBeside: Database | null;
  /** Renders a document's PDF (printing/pdf-renderer.ts: on a thread of its own, off the event loop). */
  readonly renderPdf: (input: RenderDocumentInput) => Promise<Buffer>;
  /** What this node knows of API keys; cleared when a key changes here. */
  readonly keyCache: KeyCache;
  /** Where webhooks may send, and the box their secrets are sealed in. */
  readonly webhooks: WebhookDeps;
}
