import type { Core } from "../core.js";
import type { List } from "../list.js";
import type { PdfQuery, QueryParams, RequestBody, RequestOptions, Result } from "../types.js";

/** Credit notes against invoices (tag `Credit notes`). */
export class CreditNotes {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `createCreditNote`: issues a credit note against an invoice. */
  create(
    body: RequestBody<"createCreditNote">,
    options?: RequestOptions,
  ): Promise<Result<"createCreditNote">> {
    return this.#core.call(
      "createCreditNote",
      options,
      (init) => this.#core.client.POST("/v1/credit_notes", { ...init, body }),
      body,
    );
  }

  /** `listCreditNotes`: credit notes, newest first, filtered by invoice, party or dates. */
  list(query?: QueryParams<"listCreditNotes">, options?: RequestOptions): List<Result<"listCreditNotes">> {
    return this.#core.list("listCreditNotes", query, options, (q, init) =>
      this.#core.client.GET("/v1/credit_notes", { ...init, params: { query: q } }),
    );
  }

  /** `retrieveCreditNote` */
  retrieve(id: string, options?: RequestOptions): Promise<Result<"retrieveCreditNote">> {
    return this.#core.call("retrieveCreditNote", options, (init) =>
      this.#core.client.GET("/v1/credit_notes/{id}", { ...init, params: { path: { id } } }),
    );
  }

  /** `retrieveCreditNoteEinvoice`: the note as the INV-01 JSON registered with the IRP (document type CRN). */
  retrieveEinvoice(id: string, options?: RequestOptions): Promise<Result<"retrieveCreditNoteEinvoice">> {
    return this.#core.call("retrieveCreditNoteEinvoice", options, (init) =>
      this.#core.client.GET("/v1/credit_notes/{id}/einvoice", { ...init, params: { path: { id } } }),
    );
  }

  /**
   * `retryCreditNoteEinvoice`: sends a credit note whose registration `failed` to the IRP again, once what
   * `einvoice_error` named is fixed; answers it registered, or still `pending`.
   */
  retryEinvoice(id: string, options?: RequestOptions): Promise<Result<"retryCreditNoteEinvoice">> {
    return this.#core.call("retryCreditNoteEinvoice", options, (init) =>
      this.#core.client.POST("/v1/credit_notes/{id}/einvoice/retry", { ...init, params: { path: { id } } }),
    );
  }

  /**
   * `retrieveCreditNotePdf`: the credit note as a printable A4 PDF (every particular the CGST Rules ask for, the
   * e-invoice QR code), its bytes. `copy` picks the copy's label; the default is the original.
   */
  pdf(id: string, query?: PdfQuery, options?: RequestOptions): Promise<Uint8Array> {
    return this.#core.bytes("retrieveCreditNotePdf", options, (init) =>
      this.#core.client.GET("/v1/credit_notes/{id}/pdf", {
        ...init,
        params: { path: { id }, query },
        parseAs: "arrayBuffer",
      }),
    );
  }
}
