import type { Core } from "../core.js";
import type { QueryParams, RequestOptions, Result, Schema } from "../types.js";

type Gstr1Query = QueryParams<"retrieveGstr1">;
type Gstr1Format = NonNullable<Gstr1Query["format"]>;

/** GSTR-1 returns built from a month's documents (tag `GSTR-1`). */
export class Gstr1 {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /**
   * `retrieveGstr1`: the return of a month (`MMYYYY` or `YYYY-MM`). With `format: "portal"` (the default)
   * the JSON file the GST portal accepts for upload; with `format: "summary"` counts, totals and warnings.
   */
  retrieve(
    period: string,
    query?: Gstr1Query & { format?: Extract<Gstr1Format, "portal"> },
    options?: RequestOptions,
  ): Promise<Schema<"Gstr1Portal">>;
  retrieve(
    period: string,
    query: Gstr1Query & { format: Extract<Gstr1Format, "summary"> },
    options?: RequestOptions,
  ): Promise<Schema<"Gstr1Summary">>;
  retrieve(period: string, query?: Gstr1Query, options?: RequestOptions): Promise<Result<"retrieveGstr1">> {
    return this.#core.call("retrieveGstr1", options, (init) =>
      this.#core.client.GET("/v1/gstr1/{period}", { ...init, params: { path: { period }, query } }),
    );
  }
}
