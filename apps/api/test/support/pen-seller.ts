import { expect } from "vitest";
import type { TestApi } from "./api.js";
import { createTenant, GSTINS } from "./tenants.js";

/**
 * A business in Karnataka with a key of its own and one product, a pen at 18% (`PEN`, stock not
 * tracked), and a way to add its customers.
 */
export async function penSeller(api: TestApi) {
  const tenant = await createTenant(api.database.handle.db, { gstin: GSTINS.karnataka });
  const call = (operationId: string, options: Parameters<TestApi["call"]>[1] = {}) =>
    api.call(operationId, { key: tenant.testKey, ...options });
  const product = await call("createProduct", {
    body: {
      sku: "PEN",
      name: "Ballpoint pen",
      price: 100,
      gst_rate: 18,
      hsn_code: "96081019",
      unit: "NOS",
      track_stock: false,
    },
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const party = async (body: object) => {
    const res = await call("createParty", { body: { type: "customer", ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  return { tenant, call, party };
}
