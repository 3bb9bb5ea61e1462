import type { Core } from "../core.js";
import type { List } from "../list.js";
import type { PdfQuery, QueryParams, RequestBody, RequestOptions, Result } from "../types.js";

/** Debit notes against invoices (tag `Debit notes`). */
export class DebitNotes {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `createDebitNote`: issues a debit note against an invoice. */
  create(body: RequestBody<"createDebitNote">, options?: RequestOptions): Promise<Result<"createDebitNote">> {
    return this.#core.call(
      "createDebitNote",
      options,
      (init) => this.#core.client.POST("/v1/debit_notes", { ...init, body }),
      body,
    );
  }

  /** `listDebitNotes`: debit notes, newest first, filtered by invoice, party or dates. */
  list(query?: QueryParams<"listDebitNotes">, options?: RequestOptions): List<Result<"listDebitNotes">> {
    return this.#core.list("listDebitNotes", query, options, (q, init) =>
      this.#core.client.GET("/v1/debit_notes", { ...init, params: { query: q } }),
    );
  }

  /** `retrieveDebitNote` */
  retrieve(id: string, options?: RequestOptions): Promise<Result<"retrieveDebitNote">> {
    return this.#core.call("retrieveDebitNote", options, (init) =>
      this.#core.client.GET("/v1/debit_notes/{id}", { ...init, params: { path: { id } } }),
    );
  }

  /** `retrieveDebitNoteEinvoice`: the note as the INV-01 JSON registered with the IRP (document type DBN). */
  retrieveEinvoice(id: string, options?: RequestOptions): Promise<Result<"retrieveDebitNoteEinvoice">> {
    return this.#core.call("retrieveDebitNoteEinvoice", options, (init) =>
      this.#core.client.GET("/v1/debit_notes/{id}/einvoice", { ...init, params: { path: { id } } }),
    );
  }

  /**
   * `retryDebitNoteEinvoice`: sends a debit note whose registration `failed` to the IRP again, once what
   * `einvoice_error` named is fixed; answers it registered, or still `pending`.
   */
  retryEinvoice(id: string, options?: RequestOptions): Promise<Result<"retryDebitNoteEinvoice">> {
    return this.#core.call("retryDebitNoteEinvoice", options, (init) =>
      this.#core.client.POST("/v1/debit_notes/{id}/einvoice/retry", { ...init, params: { path: { id } } }),
    );
  }

  /**
   * `retrieveDebitNotePdf`: the debit note as a printable A4 PDF (every particular the CGST Rules ask for, the
   * e-invoice QR code), its bytes. `copy` picks the copy's label; the default is the original.
   */
  pdf(id: string, query?: PdfQuery, options?: RequestOptions): Promise<Uint8Array> {
    return this.#core.bytes("retrieveDebitNotePdf", options, (init) =>
      this.#core.client.GET("/v1/debit_notes/{id}/pdf", {
        ...init,
        params: { path: { id }, query },
        parseAs: "arrayBuffer",
      }),
    );
  }
}
