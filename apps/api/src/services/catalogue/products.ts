import type { components } from "@bahi/contract";
import {
  formatMilli,
  isCessRateAllowed,
  isRateInForce,
  isService,
  parseMilli,
  todayInIst,
  UQC_NOT_APPLICABLE,
} from "@bahi/gst";
import { and, desc, eq, isNotNull, isNull, lte, not, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { productRateHistory, products } from "../../db/schema.js";
import { newId } from "../../values/ids.js";
import { conflict, notFound, sentenceOf, unprocessable } from "../../values/problem.js";
import { recordEvent } from "../events/events.js";
import { containsText } from "../parties/parties.js";
import { sameColumns } from "../shared/columns.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { type ListQuery, type Page, pageOf } from "../shared/pagination.js";
import { searchPage } from "../shared/sparse-pages.js";
import { decimal, type ProductRow, toProduct } from "./product-view.js";
import { applyStockMovements } from "./stock.js";

type Product = components["schemas"]["Product"];
type ProductCreate = components["schemas"]["ProductCreate"];
type ProductUpdate = components["schemas"]["ProductUpdate"];
type ProductRatePeriod = components["schemas"]["ProductRatePeriod"];

interface ProductFacts {
  sku: string;
  name: string;
  description: string | null;
  price: number;
  gst_rate: number;
  cess_rate: number;
  hsn_code: string | null;
  unit: string;
  track_stock: boolean;
  allow_negative_stock: boolean;
  reorder_level: number | null;
}

const rule = (code: string, pointer: string, message: string) =>
  unprocessable(code, sentenceOf([{ pointer, code, message }]), [{ pointer, code, message }]);

/**
 * Rules a product must satisfy whether new or changed; `changed` says which fields the request set.
 * Rates set must be in force from `ratesFrom` (the date a change takes effect) through `today`.
 */
function checkFacts(
  facts: ProductFacts,
  changed: ReadonlySet<string>,
  today: string,
  ratesFrom = today,
): void {
  if (facts.hsn_code?.startsWith("00")) throw rule("invalid_hsn", "/hsn_code", "has no chapter 00");
  if (facts.hsn_code !== null) {
    const service = isService(facts.hsn_code);
    if (service && facts.unit !== UQC_NOT_APPLICABLE) {
      throw rule("invalid_unit", "/unit", `must be NA: HSN/SAC ${facts.hsn_code} is a service`);
    }
    if (!service && facts.unit === UQC_NOT_APPLICABLE) {
      throw rule("invalid_unit", "/unit", `must be a UQC other than NA: HSN ${facts.hsn_code} is goods`);
    }
  }
  if (facts.unit === UQC_NOT_APPLICABLE && facts.track_stock) {
    throw rule("stock_not_allowed", "/track_stock", "must be false for a product measured in NA");
  }
  for (const day of new Set([ratesFrom, today])) {
    if (changed.has("gst_rate") && !isRateInForce(parseMilli(facts.gst_rate), day)) {
      throw rule("rate_not_in_force", "/gst_rate", `${facts.gst_rate}% is not a GST rate in force on ${day}`);
    }
    if (changed.has("cess_rate") && !isCessRateAllowed(parseMilli(facts.cess_rate), day)) {
      throw rule("rate_not_in_force", "/cess_rate", `a cess of ${facts.cess_rate}% cannot apply on ${day}`);
    }
  }
}

function columnsOf(facts: ProductFacts) {
  return {
    sku: facts.sku,
    name: facts.name,
    description: facts.description,
    price: formatMilli(parseMilli(facts.price)),
    gstRate: formatMilli(parseMilli(facts.gst_rate)),
    cessRate: formatMilli(parseMilli(facts.cess_rate)),
    hsnCode: facts.hsn_code,
    unit: facts.unit,
    trackStock: facts.track_stock,
    allowNegativeStock: facts.allow_negative_stock,
    reorderLevel: facts.reorder_level === null ? null : formatMilli(parseMilli(facts.reorder_level)),
  };
}

/** One product per SKU per account and mode, named in the 409 (see parties for the race). */
async function saving<T>(
  tx: Executor,
  owner: Owner,
  sku: string,
  selfId: string | null,
  write: () => Promise<T>,
) {
  const [existing] = await tx
    .select({ id: products.id })
    .from(products)
    .where(ownedBy(products, owner, eq(products.sku, sku)))
    .limit(1);
  if (existing && existing.id !== selfId) {
    throw conflict("duplicate_sku", `Product ${existing.id} already has SKU ${sku}.`, {
      existing_id: existing.id,
    });
  }
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "products_sku_key"))
      throw conflict("duplicate_sku", `Another product already has SKU ${sku}.`);
    throw error;
  }
}

export async function createProduct(
  tx: Executor,
  owner: Owner,
  input: ProductCreate,
  now: Date,
): Promise<Product> {
  const unit = input.unit;
  const facts: ProductFacts = {
    sku: input.sku,
    name: input.name,
    description: input.description ?? null,
    price: input.price,
    gst_rate: input.gst_rate,
    cess_rate: input.cess_rate ?? 0,
    hsn_code: input.hsn_code ?? null,
    unit,
    track_stock: input.track_stock ?? unit !== UQC_NOT_APPLICABLE,
    allow_negative_stock: input.allow_negative_stock ?? false,
    reorder_level: input.reorder_level ?? null,
  };
  checkFacts(facts, new Set(Object.keys(input)), todayInIst(now));
  const opening = parseMilli(input.opening_stock ?? 0);
  if (opening !== 0n && !facts.track_stock) {
    throw rule("stock_not_allowed", "/opening_stock", "needs a product that tracks stock");
  }
  const id = newId("product");
  await saving(tx, owner, facts.sku, null, () =>
    tx
      .insert(products)
      .values({ accountId: owner.accountId, livemode: owner.livemode, id, ...columnsOf(facts) }),
  );
  if (opening !== 0n)
    await applyStockMovements(tx, owner, [{ productId: id, quantity: opening }], { kind: "opening" });
  const product = toProduct(await findProduct(tx, owner, id));
  await recordEvent(tx, owner, "product.created", product);
  return product;
}

export async function findProduct(tx: Executor, owner: Owner, id: string): Promise<ProductRow> {
  const [row] = await tx
    .select()
    .from(products)
    .where(ownedRow(products, owner, id))
    .limit(1);
  if (!row) throw notFound("product", id);
  return row;
}

/** The product's facts with `patch` applied: left-out fields keep their values, `null` clears. */
function merged(current: Product, patch: ProductUpdate): ProductFacts {
  return {
    sku: patch.sku ?? current.sku,
    name: patch.name ?? current.name,
    description: patch.description !== undefined ? patch.description : current.description,
    price: patch.price ?? current.price,
    gst_rate: patch.gst_rate ?? current.gst_rate,
    cess_rate: patch.cess_rate ?? current.cess_rate,
    hsn_code: patch.hsn_code !== undefined ? patch.hsn_code : current.hsn_code,
    unit: patch.unit ?? current.unit,
    track_stock: patch.track_stock ?? current.track_stock,
    allow_negative_stock: patch.allow_negative_stock ?? current.allow_negative_stock,
    reorder_level: patch.reorder_level !== undefined ? patch.reorder_level : current.reorder_level,
  };
}

/**
 * Records the rates a product had before a change that takes effect on `from`, for documents dated
 * before it. A second change taking effect the same day keeps the rates from before the first.
 */
async function keepRatesBefore(
  tx: Executor,
  owner: Owner,
  id: string,
  from: string,
  current: Product,
  rates: { gstRate: string; cessRate: string },
): Promise<void> {
  const last = current.rates_effective_from;
  if (last && from < last) {
    throw rule(
      "rates_out_of_order",
      "/rates_effective_from",
      `must not be before the product's last change of rates, effective ${last}`,
    );
  }
  await tx
    .insert(productRateHistory)
    .values({
      accountId: owner.accountId,
      livemode: owner.livemode,
      productId: id,
      validUntil: from,
      gstRate: rates.gstRate,
      cessRate: rates.cessRate,
    })
    .onConflictDoNothing();
}

/** Changes apply to documents created afterwards; stock only changes through movements. */
export async function updateProduct(
  tx: Executor,
  owner: Owner,
  id: string,
  patch: ProductUpdate,
  now: Date,
): Promise<Product> {
  const current = toProduct(await findProduct(tx, owner, id));
  const facts = merged(current, patch);
  const today = todayInIst(now);
  const before = columnsOf(merged(current, {}));
  const after = columnsOf(facts);
  const ratesChange = before.gstRate !== after.gstRate || before.cessRate !== after.cessRate;
  const ratesFrom = ratesChange ? (patch.rates_effective_from ?? today) : today;
  if (ratesFrom > today) {
    throw rule("date_in_future", "/rates_effective_from", `must not be after today (${today}) in India`);
  }
  checkFacts(facts, new Set(Object.keys(patch)), today, ratesFrom);
  // A service holds no stock, and no adjustment can reach one to empty it afterwards.
  if (
    facts.unit === UQC_NOT_APPLICABLE &&
    current.unit !== UQC_NOT_APPLICABLE &&
    current.stock_on_hand !== 0
  ) {
    throw rule(
      "stock_not_allowed",
      "/unit",
      `cannot be NA while the product holds stock (${current.stock_on_hand}): adjust its stock to 0 first`,
    );
  }
  if (sameColumns(before, after)) return current;
  if (ratesChange) await keepRatesBefore(tx, owner, id, ratesFrom, current, before);
  const [row] = await saving(tx, owner, facts.sku, id, () =>
    tx
      .update(products)
      .set({ ...columnsOf(facts), ...(ratesChange ? { ratesEffectiveFrom: ratesFrom } : {}), updatedAt: now })
      .where(ownedRow(products, owner, id))
      .returning(),
  );
  if (!row) throw notFound("product", id);
  const product = toProduct(row);
  await recordEvent(tx, owner, "product.updated", product);
  return product;
}

export type ProductFilters = ListQuery<"listProducts">;

/**
 * The low-stock test. Its first two terms are the predicate of the partial index
 * `products_reorder_level_idx`, so a list of low stock reads only the products that have a level.
 */
const isLowStock = and(
  products.trackStock,
  isNotNull(products.reorderLevel),
  lte(products.stockOnHand, products.reorderLevel),
) as SQL;

export async function listProducts(
  db: Executor,
  owner: Owner,
  filters: ProductFilters,
): Promise<Page<Product>> {
  const conditions: (SQL | undefined)[] = [
    filters.hsn_missing === undefined
      ? undefined
      : filters.hsn_missing
        ? isNull(products.hsnCode)
        : isNotNull(products.hsnCode),
    filters.low_stock === undefined ? undefined : filters.low_stock ? isLowStock : not(isLowStock),
  ];
  const select = (where: SQL) =>
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.id))
      .limit(filters.limit + 1);
  const search = filters.q
    ? (or(containsText(products.name, filters.q), containsText(products.sku, filters.q)) as SQL)
    : undefined;
  const rows = await searchPage(
    products,
    owner,
    {
      ...filters,
      search,
      conditions,
      // Products without an HSN code, or that can run low, have partial indexes of their own.
      selective: filters.hsn_missing === true || filters.low_stock === true,
    },
    select,
  );
  return pageOf(rows.map(toProduct), filters.limit);
}

/**
 * A product's rate periods, newest first: its current rates, then its rate history. A history row
 * holds rates that applied before its `valid_until` (the day the next rates took effect), so a
 * period's last day is the day before that, and its first day is the `valid_until` of the row before
 * it in time. A page after `starting_after` holds the rows that ended on or before that date: every
 * row earlier in time is on it too, so the window finds each row's predecessor on the page.
 *
 * One statement, so that the product's rates and its history are read in one snapshot: read apart, a
 * change of rates committed in between would show as current and as history, or not at all.
 */
export async function listRateHistory(
  db: Executor,
  owner: Owner,
  productId: string,
  filters: ListQuery<"listProductRateHistory">,
): Promise<Page<ProductRatePeriod>> {
  const { starting_after } = filters;
  const firstPage = starting_after === undefined;
  const h = productRateHistory;
  const past = db
    .select({
      endsBefore: h.validUntil,
      gstRate: h.gstRate,
      cessRate: h.cessRate,
      // Ordered newest first, the next row is the one before in time.
      firstDay: sql<string | null>`(lead(${h.validUntil}) over (order by ${h.validUntil} desc))::text`.as(
        "first_day",
      ),
      lastDay: sql<string>`(${h.validUntil} - 1)::text`.as("last_day"),
    })
    .from(h)
    .where(
      and(
        eq(h.accountId, products.accountId),
        eq(h.livemode, products.livemode),
        eq(h.productId, products.id),
        firstPage ? undefined : lte(h.validUntil, starting_after),
      ),
    )
    .orderBy(desc(h.validUntil))
    // The first page's first period is the product's current rates, which have no history row.
    .limit(firstPage ? filters.limit : filters.limit + 1)
    .as("past");
  const rows = await db
    .select({
      gstRate: products.gstRate,
      cessRate: products.cessRate,
      ratesEffectiveFrom: products.ratesEffectiveFrom,
      past: {
        gstRate: past.gstRate,
        cessRate: past.cessRate,
        firstDay: past.firstDay,
        lastDay: past.lastDay,
      },
    })
    .from(products)
    .leftJoinLateral(past, sql`true`)
    .where(ownedRow(products, owner, productId))
    .orderBy(desc(past.endsBefore));
  const [product] = rows;
  if (!product) throw notFound("product", productId);
  const period = (
    rates: { gstRate: string; cessRate: string },
    validFrom: string | null,
    validUntil: string | null,
  ): ProductRatePeriod => ({
    object: "product_rate_period",
    livemode: owner.livemode,
    product_id: productId,
    gst_rate: decimal(rates.gstRate) as ProductRatePeriod["gst_rate"],
    cess_rate: decimal(rates.cessRate),
    valid_from: validFrom,
    valid_until: validUntil,
  });
  const periods = [
    ...(firstPage ? [period(product, product.ratesEffectiveFrom, null)] : []),
    ...rows.flatMap(({ past }) => (past ? [period(past, past.firstDay, past.lastDay)] : [])),
  ];
  return pageOf(periods, filters.limit, (last) => last.valid_from);
}
