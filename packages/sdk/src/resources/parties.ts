import type { Core } from "../core.js";
import type { List } from "../list.js";
import type { QueryParams, RequestBody, RequestOptions, Result } from "../types.js";

/** Customers and suppliers (tag `Parties`). */
export class Parties {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `createParty`: a customer or supplier, registered (with a GSTIN) or not. */
  create(body: RequestBody<"createParty">, options?: RequestOptions): Promise<Result<"createParty">> {
    return this.#core.call(
      "createParty",
      options,
      (init) => this.#core.client.POST("/v1/parties", { ...init, body }),
      body,
    );
  }

  /** `listParties`: parties, newest first, filtered by `type`, `gstin` or a search `q`. */
  list(query?: QueryParams<"listParties">, options?: RequestOptions): List<Result<"listParties">> {
    return this.#core.list("listParties", query, options, (q, init) =>
      this.#core.client.GET("/v1/parties", { ...init, params: { query: q } }),
    );
  }

  /** `retrieveParty` */
  retrieve(id: string, options?: RequestOptions): Promise<Result<"retrieveParty">> {
    return this.#core.call("retrieveParty", options, (init) =>
      this.#core.client.GET("/v1/parties/{id}", { ...init, params: { path: { id } } }),
    );
  }

  /** `updateParty`: changes the fields given; documents already issued keep their snapshot. */
  update(
    id: string,
    body: RequestBody<"updateParty">,
    options?: RequestOptions,
  ): Promise<Result<"updateParty">> {
    return this.#core.call(
      "updateParty",
      options,
      (init) => this.#core.client.PATCH("/v1/parties/{id}", { ...init, params: { path: { id } }, body }),
      body,
    );
  }
}
