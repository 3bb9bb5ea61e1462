import type { components } from "@bahi/contract";
import { financialYearOf, type InvoiceFacts, parseMilli, todayInIst } from "@bahi/gst";
import { and, eq, sql } from "drizzle-orm";
import { textArrayLiteral } from "../../db/arrays.js";
import type { Executor } from "../../db/client.js";
import { accounts, documentSeries, parties, productRateHistory, products } from "../../db/schema.js";
import { preparedOn } from "../../speed/prepared.js";
import { notFound } from "../../values/problem.js";
import type { AccountRow } from "../accounts/accounts.js";
import { toParty } from "../parties/parties.js";
import type { Owner } from "../shared/owner.js";

type InvoiceCreate = components["schemas"]["InvoiceCreate"];
export type ProductRow = typeof products.$inferSelect;

/** What a create reads before it drafts: the facts, and what the books say of numbering and stock. */
export interface InvoiceReads {
  readonly account: AccountRow;
  readonly facts: InvoiceFacts;
  /** The products as read (without a lock), for a first look at their stock. */
  readonly productRows: readonly ProductRow[];
  /** The last numbers of the series the invoice may draw from (its year's and the all-time one). */
  readonly lastInSeries: Readonly<Record<string, number>> | null;
}

/**
 * Everything a create reads, in one statement: the account, the party, the products of the items'
 * SKUs (a row each, the account and party beside each), their rates on the invoice's date, and the
 * last numbers of both series the invoice may draw from, read before the policy that picks one is
 * known.
 */
const invoiceFacts = preparedOn((db) => {
  const livemode = sql.placeholder("livemode");
  return db
    .select({
      account: accounts,
      party: parties,
      product: products,
      // The product's rates on the invoice's date, when they changed since: see productRateHistory.
      ratesThen: sql<{ gst_rate: string; cess_rate: string } | null>`(
        select json_build_object('gst_rate', h.gst_rate::text, 'cess_rate', h.cess_rate::text)
        from ${productRateHistory} h
        where h.account_id = products.account_id and h.livemode = products.livemode
          and h.product_id = products.id and h.valid_until > ${sql.placeholder("date")}::date
        order by h.valid_until limit 1)`,
      lastInSeries: sql<Record<string, number> | null>`(
        select json_object_agg(s.period, s.last_seq) from ${documentSeries} s
        where s.account_id = ${accounts.id} and s.livemode = ${livemode} and s.kind = 'invoice'
          and s.period in (${sql.placeholder("year")}, 'all'))`,
    })
    .from(accounts)
    .leftJoin(
      parties,
      and(
        eq(parties.accountId, accounts.id),
        eq(parties.livemode, livemode),
        eq(parties.id, sql.placeholder("partyId")),
      ),
    )
    .leftJoin(
      products,
      and(
        eq(products.accountId, accounts.id),
        eq(products.livemode, livemode),
        sql`${products.sku} = any(${sql.placeholder("skus")}::text[])`,
      ),
    )
    .where(eq(accounts.id, sql.placeholder("accountId")))
    .prepare("invoice_facts");
});

export async function readInvoiceFacts(
  db: Executor,
  owner: Owner,
  request: InvoiceCreate,
  now: Date,
): Promise<InvoiceReads> {
  const date = request.date ?? todayInIst(now);
  const rows = await invoiceFacts(db).execute({
    accountId: owner.accountId,
    livemode: owner.livemode,
    partyId: request.party_id,
    skus: textArrayLiteral([...new Set(request.items.map((item) => item.sku))]),
    year: financialYearOf(date),
    date,
  });
  const [first] = rows;
  if (!first) throw notFound("account", owner.accountId);
  const { account, party, lastInSeries } = first;
  const productRows = rows.flatMap(({ product, ratesThen }) =>
    product
      ? [ratesThen ? { ...product, gstRate: ratesThen.gst_rate, cessRate: ratesThen.cess_rate } : product]
      : [],
  );
  return {
    account,
    lastInSeries,
    productRows,
    facts: {
      seller: {
        gstin: account.gstin,
        legalName: account.legalName,
        addressLine1: account.addressLine1,
        city: account.city,
        pin: account.pin,
        stateCode: account.stateCode,
        booksClosedThrough: account.booksClosedThrough,
      },
      party: party ? { ...toParty(party), id: party.id } : null,
      products: productRows.map((row) => ({
        id: row.id,
        sku: row.sku,
        name: row.name,
        hsnCode: row.hsnCode,
        unit: row.unit,
        price: parseMilli(row.price),
        gstRate: parseMilli(row.gstRate),
        cessRate: parseMilli(row.cessRate),
        trackStock: row.trackStock,
      })),
    },
  };
}
