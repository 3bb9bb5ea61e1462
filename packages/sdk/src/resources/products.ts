import type { Core } from "../core.js";
import type { List } from "../list.js";
import type { QueryParams, RequestBody, RequestOptions, Result, Schema } from "../types.js";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A file to import: CSV text, or the bytes of a CSV or `.xlsx` file, or a `Blob`/`File`. */
export type ImportFile = string | Uint8Array | Blob;

export interface ImportFileOptions {
  /** The file's name, kept on the import; `.xlsx` marks a workbook. Default: a `File`'s name, else `products.csv`. */
  filename?: string;
  /** For a workbook, the worksheet to read. Default: the first. */
  sheet?: string;
}

/** Bulk imports of products from CSV or Excel, processed in the background (tag `Product imports`). */
export class ProductImports {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /**
   * `createProductImport`: uploads the file (as `multipart/form-data`, which carries its name) and
   * answers at once with the import `queued`; poll `retrieve` until it is `completed` or `failed`.
   */
  create(
    file: ImportFile,
    fileOptions: ImportFileOptions = {},
    options?: RequestOptions,
  ): Promise<Result<"createProductImport">> {
    const filename =
      fileOptions.filename ??
      (typeof File !== "undefined" && file instanceof File ? file.name : "products.csv");
    const type = filename.toLowerCase().endsWith(".xlsx") ? XLSX_TYPE : "text/csv";
    const form = new FormData();
    form.set(
      "file",
      file instanceof Blob
        ? file
        : new Blob([typeof file === "string" ? file : new Uint8Array(file)], { type }),
      filename,
    );
    if (fileOptions.sheet !== undefined) form.set("sheet", fileOptions.sheet);
    return this.#core.call("createProductImport", options, (init) =>
      this.#core.client.POST("/v1/products/imports", {
        ...init,
        // openapi-typescript types the binary `file` field as a string; the form is what goes on the wire,
        // and openapi-fetch passes FormData through with its own multipart Content-Type.
        body: form as unknown as Schema<"ProductImportUpload">,
        bodySerializer: (body) => body,
      }),
    );
  }

  /** `retrieveProductImport`: the import's status, progress and counts. */
  retrieve(id: string, options?: RequestOptions): Promise<Result<"retrieveProductImport">> {
    return this.#core.call("retrieveProductImport", options, (init) =>
      this.#core.client.GET("/v1/products/imports/{id}", { ...init, params: { path: { id } } }),
    );
  }

  /** `retrieveProductImportErrors`: the rejected and flagged rows as CSV text, with the reason of each. */
  retrieveErrors(id: string, options?: RequestOptions): Promise<string> {
    return this.#core.call("retrieveProductImportErrors", options, (init) =>
      this.#core.client.GET("/v1/products/imports/{id}/errors.csv", {
        ...init,
        params: { path: { id } },
        parseAs: "text",
      }),
    );
  }
}

/** Goods and services, with stock (tags `Products` and, under `imports`, `Product imports`). */
export class Products {
  readonly #core: Core;
  readonly imports: ProductImports;

  constructor(core: Core) {
    this.#core = core;
    this.imports = new ProductImports(core);
  }

  /** `createProduct`: a good or service with a unique SKU; `opening_stock` is its first stock movement. */
  create(body: RequestBody<"createProduct">, options?: RequestOptions): Promise<Result<"createProduct">> {
    return this.#core.call(
      "createProduct",
      options,
      (init) => this.#core.client.POST("/v1/products", { ...init, body }),
      body,
    );
  }

  /** `listProducts`: products, newest first, filtered by a search `q`, `hsn_missing` or `low_stock`. */
  list(query?: QueryParams<"listProducts">, options?: RequestOptions): List<Result<"listProducts">> {
    return this.#core.list("listProducts", query, options, (q, init) =>
      this.#core.client.GET("/v1/products", { ...init, params: { query: q } }),
    );
  }

  /** `retrieveProduct` */
  retrieve(id: string, options?: RequestOptions): Promise<Result<"retrieveProduct">> {
    return this.#core.call("retrieveProduct", options, (init) =>
      this.#core.client.GET("/v1/products/{id}", { ...init, params: { path: { id } } }),
    );
  }

  /** `updateProduct`: changes the fields given. */
  update(
    id: string,
    body: RequestBody<"updateProduct">,
    options?: RequestOptions,
  ): Promise<Result<"updateProduct">> {
    return this.#core.call(
      "updateProduct",
      options,
      (init) => this.#core.client.PATCH("/v1/products/{id}", { ...init, params: { path: { id } }, body }),
      body,
    );
  }

  /** `createStockAdjustment`: adds to or takes from a good's stock, with a reason. */
  createStockAdjustment(
    id: string,
    body: RequestBody<"createStockAdjustment">,
    options?: RequestOptions,
  ): Promise<Result<"createStockAdjustment">> {
    return this.#core.call(
      "createStockAdjustment",
      options,
      (init) =>
        this.#core.client.POST("/v1/products/{id}/stock_adjustments", {
          ...init,
          params: { path: { id } },
          body,
        }),
      body,
    );
  }

  /** `listStockMovements`: a good's stock movements, newest first. */
  listStockMovements(
    id: string,
    query?: QueryParams<"listStockMovements">,
    options?: RequestOptions,
  ): List<Result<"listStockMovements">> {
    return this.#core.list("listStockMovements", query, options, (q, init) =>
      this.#core.client.GET("/v1/products/{id}/stock_movements", {
        ...init,
        params: { path: { id }, query: q },
      }),
    );
  }

  /**
   * `listProductRateHistory`: the periods of a product's GST and cess rates, newest first, the current
   * rates first: which rates a new invoice of any date takes.
   */
  listRateHistory(
    id: string,
    query?: QueryParams<"listProductRateHistory">,
    options?: RequestOptions,
  ): List<Result<"listProductRateHistory">> {
    return this.#core.list("listProductRateHistory", query, options, (q, init) =>
      this.#core.client.GET("/v1/products/{id}/rate_history", {
        ...init,
        params: { path: { id }, query: q },
      }),
    );
  }
}
