import type { Core } from "../core.js";
import { readIrpToken, type VerifiedIrpToken, verifyIrpToken } from "../irp-token.js";
import type { List } from "../list.js";
import type { PdfQuery, QueryParams, RequestBody, RequestOptions, Result } from "../types.js";

/** The e-invoice (IRN) side of invoices (tag `e-Invoicing`). */
export class Einvoices {
  readonly #core: Core;
  #keys: Promise<Result<"retrieveEinvoiceJwks">> | undefined;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `retrieveInvoiceEinvoice`: the invoice as the e-invoice schema's JSON, with its IRN. */
  retrieve(invoiceId: string, options?: RequestOptions): Promise<Result<"retrieveInvoiceEinvoice">> {
    return this.#core.call("retrieveInvoiceEinvoice", options, (init) =>
      this.#core.client.GET("/v1/invoices/{id}/einvoice", { ...init, params: { path: { id: invoiceId } } }),
    );
  }

  /**
   * `retryInvoiceEinvoice`: sends an invoice whose registration `failed` to the IRP again, once what
   * `einvoice_error` named is fixed; answers it registered, or still `pending`.
   */
  retry(invoiceId: string, options?: RequestOptions): Promise<Result<"retryInvoiceEinvoice">> {
    return this.#core.call("retryInvoiceEinvoice", options, (init) =>
      this.#core.client.POST("/v1/invoices/{id}/einvoice/retry", {
        ...init,
        params: { path: { id: invoiceId } },
      }),
    );
  }

  /** `retrieveEinvoiceJwks`: the public keys that verify signed QR codes and signed invoices. */
  jwks(options?: RequestOptions): Promise<Result<"retrieveEinvoiceJwks">> {
    return this.#core.call("retrieveEinvoiceJwks", options, (init) =>
      this.#core.client.GET("/v1/einvoice/jwks", init),
    );
  }

  /**
   * Verifies an invoice's `signed_qr_code` or `signed_invoice` (RS256) against the published keys and
   * returns what it signs. The keys are fetched once per client, and again when a token names a key
   * not among them (a key rotated in since). Throws `IrpTokenError` when the token is not provably
   * signed by a published key.
   */
  async verify(token: string, options?: RequestOptions): Promise<VerifiedIrpToken> {
    const { kid } = readIrpToken(token);
    let jwks = await this.#publishedKeys(false, options);
    if (!jwks.keys.some((key) => key.kid === kid)) jwks = await this.#publishedKeys(true, options);
    return verifyIrpToken(token, jwks);
  }

  #publishedKeys(refresh: boolean, options?: RequestOptions): Promise<Result<"retrieveEinvoiceJwks">> {
    if (refresh || !this.#keys) {
      const fetching = this.jwks(options);
      this.#keys = fetching;
      // A failed fetch is not kept: the next verify asks again.
      fetching.catch(() => {
        if (this.#keys === fetching) this.#keys = undefined;
      });
    }
    return this.#keys;
  }
}

/** GST invoices (tags `Invoices` and, under `einvoice`, `e-Invoicing`). */
export class Invoices {
  readonly #core: Core;
  readonly einvoice: Einvoices;

  constructor(core: Core) {
    this.#core = core;
    this.einvoice = new Einvoices(core);
  }

  /** `createInvoice`: issues an invoice; Bahi numbers it and computes every tax and total. */
  create(body: RequestBody<"createInvoice">, options?: RequestOptions): Promise<Result<"createInvoice">> {
    return this.#core.call(
      "createInvoice",
      options,
      (init) => this.#core.client.POST("/v1/invoices", { ...init, body }),
      body,
    );
  }

  /** `listInvoices`: invoices, newest first, filtered by `status`, `party_id`, dates or `number`. */
  list(query?: QueryParams<"listInvoices">, options?: RequestOptions): List<Result<"listInvoices">> {
    return this.#core.list("listInvoices", query, options, (q, init) =>
      this.#core.client.GET("/v1/invoices", { ...init, params: { query: q } }),
    );
  }

  /** `retrieveInvoice` */
  retrieve(id: string, options?: RequestOptions): Promise<Result<"retrieveInvoice">> {
    return this.#core.call("retrieveInvoice", options, (init) =>
      this.#core.client.GET("/v1/invoices/{id}", { ...init, params: { path: { id } } }),
    );
  }

  /**
   * `retrieveInvoicePdf`: the invoice (tax invoice) as a printable A4 PDF (every particular the CGST Rules ask for, the
   * e-invoice QR code), its bytes. `copy` picks the copy's label; the default is the original.
   */
  pdf(id: string, query?: PdfQuery, options?: RequestOptions): Promise<Uint8Array> {
    return this.#core.bytes("retrieveInvoicePdf", options, (init) =>
      this.#core.client.GET("/v1/invoices/{id}/pdf", {
        ...init,
        params: { path: { id }, query },
        parseAs: "arrayBuffer",
      }),
    );
  }

  /** `cancelInvoice`: cancels the invoice (and its IRN), with the reason the e-invoice system records. */
  cancel(
    id: string,
    body: RequestBody<"cancelInvoice">,
    options?: RequestOptions,
  ): Promise<Result<"cancelInvoice">> {
    return this.#core.call(
      "cancelInvoice",
      options,
      (init) =>
        this.#core.client.POST("/v1/invoices/{id}/cancel", { ...init, params: { path: { id } }, body }),
      body,
    );
  }

  /**
   * `recordInvoiceShippingBill`: records (or corrects) an export's customs shipping bill, which GSTR-1
   * reports with the export.
   */
  recordShippingBill(
    id: string,
    body: RequestBody<"recordInvoiceShippingBill">,
    options?: RequestOptions,
  ): Promise<Result<"recordInvoiceShippingBill">> {
    return this.#core.call(
      "recordInvoiceShippingBill",
      options,
      (init) =>
        this.#core.client.POST("/v1/invoices/{id}/shipping_bill", {
          ...init,
          params: { path: { id } },
          body,
        }),
      body,
    );
  }
}
