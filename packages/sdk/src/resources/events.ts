import type { Core } from "../core.js";
import type { List } from "../list.js";
import type { QueryParams, RequestOptions, Result } from "../types.js";

/** Changes that happened, kept for 30 days (tag `Events`). */
export class Events {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `listEvents`: events, newest first, filtered by `type` or `created_gte`. */
  list(query?: QueryParams<"listEvents">, options?: RequestOptions): List<Result<"listEvents">> {
    return this.#core.list("listEvents", query, options, (q, init) =>
      this.#core.client.GET("/v1/events", { ...init, params: { query: q } }),
    );
  }

  /** `retrieveEvent` */
  retrieve(id: string, options?: RequestOptions): Promise<Result<"retrieveEvent">> {
    return this.#core.call("retrieveEvent", options, (init) =>
      this.#core.client.GET("/v1/events/{id}", { ...init, params: { path: { id } } }),
    );
  }
}
