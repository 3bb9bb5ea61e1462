import { parseMilli } from "@bahi/gst";
import type { Handlers } from "../http/operation-types.js";
import { toProduct } from "../services/catalogue/product-view.js";
import {
  createProduct,
  findProduct,
  listProducts,
  listRateHistory,
  updateProduct,
} from "../services/catalogue/products.js";
import { applyStockMovements, listStockMovements } from "../services/catalogue/stock.js";
import { pageQuery } from "../services/shared/pagination.js";
import { unprocessable } from "../values/problem.js";

export const productHandlers: Handlers = {
  createProduct: async ({ body }, { principal, db, now }) => ({
    status: 201,
    body: await createProduct(db, principal, body, now),
  }),
  listProducts: async ({ query }, { principal, db }) => ({
    status: 200,
    body: await listProducts(db, principal, pageQuery(query)),
  }),
  retrieveProduct: async ({ path }, { principal, db }) => ({
    status: 200,
    body: toProduct(await findProduct(db, principal, path.id)),
  }),
  updateProduct: async ({ path, body }, { principal, db, now }) => ({
    status: 200,
    body: await updateProduct(db, principal, path.id, body, now),
  }),
  createStockAdjustment: async ({ path, body }, { principal, db }) => {
    const product = await findProduct(db, principal, path.id);
    if (!product.trackStock) {
      throw unprocessable("stock_not_tracked", `Product ${product.sku} does not track stock.`, [
        { pointer: "/quantity", code: "stock_not_tracked", message: "the product does not track stock" },
      ]);
    }
    const [movement] = await applyStockMovements(
      db,
      principal,
      [{ productId: product.id, quantity: parseMilli(body.quantity) }],
      {
        kind: "adjustment",
        reason: body.reason,
        note: body.note ?? null,
      },
    );
    if (!movement) throw new Error("a stock adjustment recorded no movement");
    return { status: 201, body: movement };
  },
  listStockMovements: async ({ path, query }, { principal, db }) => ({
    status: 200,
    body: await listStockMovements(db, principal, path.id, pageQuery(query)),
  }),
  listProductRateHistory: async ({ path, query }, { principal, db }) => ({
    status: 200,
    body: await listRateHistory(db, principal, path.id, pageQuery(query)),
  }),
};
