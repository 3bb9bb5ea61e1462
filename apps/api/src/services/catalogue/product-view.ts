import type { components } from "@bahi/contract";
import { milliToNumber, parseNumeric } from "@bahi/gst";
import type { products } from "../../db/schema.js";

type Product = components["schemas"]["Product"];
export type ProductRow = typeof products.$inferSelect;

/** `numeric` columns arrive as exact decimal strings; JSON wants numbers. */
export const decimal = (text: string) => milliToNumber(parseNumeric(text, 3));

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    object: "product",
    livemode: row.livemode,
    sku: row.sku,
    name: row.name,
    description: row.description,
    price: decimal(row.price),
    gst_rate: decimal(row.gstRate) as Product["gst_rate"],
    cess_rate: decimal(row.cessRate),
    rates_effective_from: row.ratesEffectiveFrom,
    hsn_code: row.hsnCode,
    hsn_missing: row.hsnCode === null,
    unit: row.unit as Product["unit"],
    track_stock: row.trackStock,
    allow_negative_stock: row.allowNegativeStock,
    reorder_level: row.reorderLevel === null ? null : decimal(row.reorderLevel),
    stock_on_hand: decimal(row.stockOnHand),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
