import { type BahiOptions, Core } from "./core.js";
import type { GraphQLDocument, GraphQLResult } from "./graphql.js";
import { Account } from "./resources/account.js";
import { ApiKeys } from "./resources/api-keys.js";
import { AuditEntries } from "./resources/audit-entries.js";
import { CreditNotes } from "./resources/credit-notes.js";
import { DebitNotes } from "./resources/debit-notes.js";
import { Events } from "./resources/events.js";
import { Gstr1 } from "./resources/gstr1.js";
import { Invoices } from "./resources/invoices.js";
import { Parties } from "./resources/parties.js";
import { Payments } from "./resources/payments.js";
import { Products } from "./resources/products.js";
import { Webhooks } from "./resources/webhooks.js";
import type { RequestOptions } from "./types.js";
import { signWebhook, verifyWebhook } from "./webhook-signature.js";

/**
 * The Bahi API client: a property per tag of the contract, a method per operation.
 *
 * ```ts
 * const bahi = new Bahi({ apiKey: process.env.BAHI_API_KEY, baseUrl: "http://localhost:8080" });
 * const account = await bahi.account.retrieve();
 * ```
 */
export class Bahi {
  /** Webhook signatures, usable without a client: `await Bahi.webhooks.verify(rawBody, headers, secret)`. */
  static readonly webhooks = { verify: verifyWebhook, sign: signWebhook } as const;

  readonly account: Account;
  readonly apiKeys: ApiKeys;
  readonly parties: Parties;
  /** Products, and under `products.imports` the bulk imports. */
  readonly products: Products;
  /** Invoices, and under `invoices.einvoice` their e-invoices and the JWKS. */
  readonly invoices: Invoices;
  readonly payments: Payments;
  readonly creditNotes: CreditNotes;
  readonly debitNotes: DebitNotes;
  readonly webhooks: Webhooks;
  readonly events: Events;
  readonly gstr1: Gstr1;
  /** The audit log (`audit:read`). */
  readonly auditEntries: AuditEntries;
  readonly #core: Core;

  constructor(options: BahiOptions) {
    const core = new Core(options);
    this.#core = core;
    this.account = new Account(core);
    this.apiKeys = new ApiKeys(core);
    this.parties = new Parties(core);
    this.products = new Products(core);
    this.invoices = new Invoices(core);
    this.payments = new Payments(core);
    this.creditNotes = new CreditNotes(core);
    this.debitNotes = new DebitNotes(core);
    this.webhooks = new Webhooks(core);
    this.events = new Events(core);
    this.gstr1 = new Gstr1(core);
    this.auditEntries = new AuditEntries(core);
  }

  /**
   * Runs a GraphQL query or mutation (`POST /graphql`): one request for what would take several REST
   * calls. With a typed document (GraphQL Code Generator, `documentMode: string`, such as the SDK's
   * `UnpaidInvoicesDocument`) the result and variables are typed.
   *
   * ```ts
   * const { data } = await bahi.graphql(UnpaidInvoicesDocument, { partyId: "pty_…" });
   * ```
   */
  graphql<TData = Record<string, unknown>, TVariables = Record<string, unknown>>(
    document: GraphQLDocument<TData, TVariables>,
    variables?: TVariables,
    options?: RequestOptions,
  ): Promise<GraphQLResult<TData>> {
    return this.#core.graphql<TData>(
      String(document),
      variables as Record<string, unknown> | undefined,
      options,
    );
  }
}
