import { parseMilli } from "@bahi/gst";
import { unprocessable } from "../errors.js";
import type { Handlers } from "../http/operation-types.js";
import { DEFAULT_PAGE_SIZE } from "../services/pagination.js";
import { toProduct } from "../services/product-view.js";
import { createProduct, findProduct, listProducts, updateProduct } from "../services/products.js";
import { applyStockMovement, listStockMovements } from "../services/stock.js";

export const productHandlers: Handlers = {
  createProduct: async ({ body }, { principal, services, now }) => ({
    status: 201,
    body: await services.db.transaction((tx) => createProduct(tx, principal, body, now)),
  }),
  listProducts: async ({ query }, { principal, services }) => ({
    status: 200,
    body: await listProducts(services.db, principal, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      startingAfter: query.starting_after,
      q: query.q,
      hsnMissing: query.hsn_missing,
      lowStock: query.low_stock,
    }),
  }),
  retrieveProduct: async ({ path }, { principal, services }) => ({
    status: 200,
    body: toProduct(await findProduct(services.db, principal, path.id)),
  }),
  updateProduct: async ({ path, body }, { principal, services, now }) => ({
    status: 200,
    body: await services.db.transaction((tx) => updateProduct(tx, principal, path.id, body, now)),
  }),
  createStockAdjustment: async ({ path, body }, { principal, services }) => ({
    status: 201,
    body: await services.db.transaction(async (tx) => {
      const product = await findProduct(tx, principal, path.id);
      if (!product.trackStock) {
        throw unprocessable("stock_not_tracked", `Product ${product.sku} does not track stock.`, [
          { pointer: "/quantity", code: "stock_not_tracked", message: "the product does not track stock" },
        ]);
      }
      return applyStockMovement(tx, principal, product.id, parseMilli(body.quantity), {
        kind: "adjustment",
        reason: body.reason,
        note: body.note ?? null,
      });
    }),
  }),
  listStockMovements: async ({ path, query }, { principal, services }) => ({
    status: 200,
    body: await listStockMovements(services.db, principal, path.id, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      startingAfter: query.starting_after,
      kind: query.kind,
    }),
  }),
};
