import type { Core } from "../core.js";
import type { List } from "../list.js";
import type { QueryParams, RequestBody, RequestOptions, Result } from "../types.js";

/** Money received from parties and its allocation to invoices (tag `Payments`). */
export class Payments {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `createPayment`: records a payment, optionally allocated to invoices at once. */
  create(body: RequestBody<"createPayment">, options?: RequestOptions): Promise<Result<"createPayment">> {
    return this.#core.call(
      "createPayment",
      options,
      (init) => this.#core.client.POST("/v1/payments", { ...init, body }),
      body,
    );
  }

  /** `listPayments`: payments, newest first, filtered by party, invoice or dates. */
  list(query?: QueryParams<"listPayments">, options?: RequestOptions): List<Result<"listPayments">> {
    return this.#core.list("listPayments", query, options, (q, init) =>
      this.#core.client.GET("/v1/payments", { ...init, params: { query: q } }),
    );
  }

  /** `retrievePayment` */
  retrieve(id: string, options?: RequestOptions): Promise<Result<"retrievePayment">> {
    return this.#core.call("retrievePayment", options, (init) =>
      this.#core.client.GET("/v1/payments/{id}", { ...init, params: { path: { id } } }),
    );
  }

  /** `allocatePayment`: allocates the payment's unallocated amount to invoices. */
  allocate(
    id: string,
    body: RequestBody<"allocatePayment">,
    options?: RequestOptions,
  ): Promise<Result<"allocatePayment">> {
    return this.#core.call(
      "allocatePayment",
      options,
      (init) =>
        this.#core.client.POST("/v1/payments/{id}/allocations", { ...init, params: { path: { id } }, body }),
      body,
    );
  }
}
