import { and, eq } from "drizzle-orm";
import type { Database } from "../../src/db/client.js";
import { productRateHistory, products } from "../../src/db/schema.js";

/**
 * Gives a test-mode product the rates it had until `until` (from which its current rates apply), as
 * a product created before then would have them. No request can date rates that are no longer in
 * force, such as a cess after compensation cess ended.
 */
export async function keepEarlierRates(
  db: Database,
  product: { accountId: string; productId: string },
  until: string,
  rates: { gstRate: string; cessRate: string },
) {
  await db.insert(productRateHistory).values({ ...product, livemode: false, validUntil: until, ...rates });
  await db
    .update(products)
    .set({ ratesEffectiveFrom: until })
    .where(and(eq(products.accountId, product.accountId), eq(products.id, product.productId)));
}
