import type { components } from "@bahi/contract";
import { todayInIst } from "./dates.js";
import type { GstError } from "./errors.js";
import { financialYearOf } from "./financial-year.js";
import { buildInv01, type EInvoice } from "./inv01.js";
import { type Milli, type Paise, parseMilli, parseRupees } from "./money.js";
import { EINVOICE_MIN_NAME_LENGTH } from "./party-rules.js";
import {
  type Drafted,
  drafting,
  type FieldRefusal,
  fieldRefusal,
  type Refusal,
  refuse,
  refuseAll,
} from "./refusal.js";
import { checkShippingBill, checkShipTo } from "./shipping.js";
import { OTHER_COUNTRIES_STATE_CODE } from "./states.js";
import { computeInvoiceTax, type InvoiceTax, type TaxedItem } from "./tax.js";

type InvoiceCreate = components["schemas"]["InvoiceCreate"];
type InvoiceParty = components["schemas"]["InvoiceParty"];
type ShipTo = components["schemas"]["ShipTo"];
type ShippingBill = components["schemas"]["ShippingBill"];
type PlaceOfSupply = components["schemas"]["PlaceOfSupply"];

/** The business that issues the document, as its account holds it. */
export interface SellerFacts {
  readonly gstin: string;
  readonly legalName: string;
  readonly addressLine1: string;
  readonly city: string;
  readonly pin: string;
  readonly stateCode: string;
  /** The last financial year whose books are closed (`2025-26`); none when null. */
  readonly booksClosedThrough: string | null;
}

/** The buyer as the request names it (`party_id`), with its state and SEZ status. */
export interface PartyFacts extends InvoiceParty {
  readonly id: string;
  readonly sez: boolean;
}

/** A product named by a line's SKU, with its rates on the invoice's date. */
export interface ProductFacts {
  readonly id: string;
  readonly sku: string;
  readonly name: string;
  readonly hsnCode: string | null;
  readonly unit: string;
  /** The product's price, in milli-rupees: a line's rate when the request gives none. */
  readonly price: Milli;
  /** GST and cess rates in milli-percent, as in force on the invoice's date. */
  readonly gstRate: Milli;
  readonly cessRate: Milli;
  readonly trackStock: boolean;
}

/** What an invoice is drafted from: read from the books before anything is written. */
export interface InvoiceFacts {
  readonly seller: SellerFacts;
  /** Null when no party of the account and mode has the request's `party_id`. */
  readonly party: PartyFacts | null;
  /** The products of the request's SKUs that exist. */
  readonly products: readonly ProductFacts[];
}

/** A line as the invoice prints it: the product it sold, what the request said, and its tax. */
export interface DraftLine {
  readonly productId: string;
  readonly sku: string;
  readonly description: string;
  readonly hsnCode: string | null;
  readonly unit: string;
  readonly qty: Milli;
  readonly rate: Milli;
  readonly tax: TaxedItem;
}

/** A stock movement the invoice makes: one per tracked product, however many lines it fills. */
export interface StockMove {
  readonly productId: string;
  /** Negative: a sale takes stock. */
  readonly quantity: Milli;
}

/** An invoice before it has a number: every figure and rule decided. */
export interface InvoiceDraft {
  readonly date: string;
  readonly financialYear: string;
  readonly dueDate: string | null;
  readonly partyId: string;
  /** The buyer as the invoice names it, taken when it is issued. */
  readonly party: InvoiceParty;
  readonly placeOfSupply: PlaceOfSupply;
  readonly sez: boolean;
  /** A registered buyer or an export: the invoice is registered with the IRP (INV-01). */
  readonly einvoiced: boolean;
  readonly shipTo: ShipTo | null;
  readonly shippingBill: ShippingBill | null;
  readonly notes: string | null;
  readonly tax: InvoiceTax;
  readonly lines: readonly DraftLine[];
  readonly stockMoves: readonly StockMove[];
  /** The INV-01 document under `number`; null when the invoice is not e-invoiced. */
  einvoice(number: string): EInvoice | null;
}

function checkDates(seller: SellerFacts, request: InvoiceCreate, now: Date): string {
  const today = todayInIst(now);
  const date = request.date ?? today;
  const errors: FieldRefusal[] = [];
  if (date > today)
    errors.push(fieldRefusal("date_in_future", "/date", `must not be after today (${today}) in India`));
  const year = financialYearOf(date);
  if (seller.booksClosedThrough && year <= seller.booksClosedThrough) {
    errors.push(
      fieldRefusal(
        "financial_year_closed",
        "/date",
        `falls in ${year}; books are closed through ${seller.booksClosedThrough}`,
      ),
    );
  }
  if (request.due_date && request.due_date < date) {
    errors.push(
      fieldRefusal("due_date_before_date", "/due_date", `must not be before the invoice date ${date}`),
    );
  }
  refuseAll(errors);
  return date;
}

function checkEinvoiceParty(party: PartyFacts): void {
  const short = [
    party.name.length < EINVOICE_MIN_NAME_LENGTH ? `name "${party.name}"` : null,
    party.address && party.address.city.length < EINVOICE_MIN_NAME_LENGTH
      ? `city "${party.address.city}"`
      : null,
  ].filter((what) => what !== null);
  if (short.length === 0) return;
  const message = `the party's ${short.join(" and ")} must have at least ${EINVOICE_MIN_NAME_LENGTH} characters for the e-invoice`;
  refuse("einvoice_party_incomplete", `Party ${party.id}: ${message}.`, "/party_id", message);
}

/** The supply's rules that follow from the buyer, in the order a refusal names them. */
function checkSupply(party: PartyFacts, request: InvoiceCreate, placeOfSupply: string, einvoiced: boolean) {
  const exported = placeOfSupply === OTHER_COUNTRIES_STATE_CODE;
  if (einvoiced && !party.address) {
    refuse(
      "address_required",
      `Party ${party.id} needs an address for the e-invoice.`,
      "/party_id",
      "the party has no address, which the e-invoice needs",
    );
  }
  if (einvoiced) checkEinvoiceParty(party);
  if (request.reverse_charge && (party.gstin === null || exported)) {
    refuse(
      "reverse_charge_unregistered",
      "Only a registered buyer in India pays GST under reverse charge.",
      "/reverse_charge",
      "the buyer has no GSTIN, or the supply is an export",
    );
  }
}

function checkProducts(products: readonly ProductFacts[], request: InvoiceCreate, einvoiced: boolean) {
  const bySku = new Map(products.map((product) => [product.sku, product]));
  const errors: FieldRefusal[] = [];
  const lines = request.items.map((item, i) => {
    const product = bySku.get(item.sku);
    if (!product) {
      errors.push(fieldRefusal("unknown_sku", `/items/${i}/sku`, `no product has SKU ${item.sku}`));
    } else if (einvoiced && product.hsnCode === null) {
      errors.push(
        fieldRefusal(
          "hsn_missing",
          `/items/${i}/sku`,
          `product ${item.sku} has no HSN code, which e-invoices and GSTR-1 need for a registered buyer or an export`,
        ),
      );
    } else if (einvoiced && (item.description ?? product.name).length < EINVOICE_MIN_NAME_LENGTH) {
      // The line's text is the e-invoice's PrdDesc, which the IRP takes from 3 characters.
      const [pointer, what] =
        item.description === undefined
          ? [`/items/${i}/sku`, `product ${item.sku}'s name "${product.name}"`]
          : [`/items/${i}/description`, `the description "${item.description}"`];
      errors.push(
        fieldRefusal(
          "einvoice_item_incomplete",
          pointer,
          `${what} must have at least ${EINVOICE_MIN_NAME_LENGTH} characters for the e-invoice; give the line a longer description`,
        ),
      );
    }
    return { item, product: product as ProductFacts };
  });
  refuseAll(errors);
  return lines;
}

/** Tax errors name the line by its SKU, as the spec promises, whatever field of the line was at fault. */
export function taxRefusal(error: GstError): Refusal {
  const line = /^\/items\/(\d+)\//.exec(error.pointer ?? "")?.[1];
  const rateError = error.code === "rate_not_in_force" || error.code === "cess_not_in_force";
  const pointer = line !== undefined && rateError ? `/items/${line}/sku` : (error.pointer ?? "");
  const code = error.code === "cess_not_in_force" ? "rate_not_in_force" : error.code;
  return { code, detail: error.message, errors: [fieldRefusal(code, pointer, error.message)] };
}

/** One movement per tracked product, even when a product fills several lines. */
function stockMovesOf(lines: readonly { product: ProductFacts; qty: Milli }[]): StockMove[] {
  const wanted = new Map<string, Milli>();
  for (const { product, qty } of lines) {
    if (product.trackStock) wanted.set(product.id, (wanted.get(product.id) ?? 0n) + qty);
  }
  return [...wanted].map(([productId, qty]) => ({ productId, quantity: -qty }));
}

function draft(facts: InvoiceFacts, request: InvoiceCreate, now: Date): InvoiceDraft {
  const { seller, party } = facts;
  const date = checkDates(seller, request, now);
  if (!party) {
    refuse(
      "unknown_party",
      `No such party: ${request.party_id}`,
      "/party_id",
      "no such party in this account and mode",
    );
  }
  const placeOfSupply = (request.place_of_supply ?? party.state_code) as PlaceOfSupply;
  const exported = placeOfSupply === OTHER_COUNTRIES_STATE_CODE;
  const einvoiced = party.gstin !== null || exported;
  checkSupply(party, request, placeOfSupply, einvoiced);
  if (request.shipping_bill) {
    checkShippingBill(request.shipping_bill, { date, placeOfSupply }, now, {
      bill: "/shipping_bill",
      notAnExport: "/shipping_bill",
    });
  }
  const shippingBill = request.shipping_bill ?? null;
  const shipTo = request.ship_to ? checkShipTo(request.ship_to, einvoiced) : null;
  // An export is an export whoever buys it; a party's SEZ makes any other supply to it zero-rated.
  const sez = party.sez && !exported;
  if (request.reverse_charge && sez) {
    refuse(
      "reverse_charge_sez",
      "A supply to an SEZ is zero-rated: the buyer pays no GST under reverse charge.",
      "/reverse_charge",
      "the buyer is an SEZ unit or developer",
    );
  }
  // A foreign buyer has no GSTIN either; for it the zero-rating is the better answer.
  if (request.deemed_export && party.gstin === null && !exported) {
    refuse(
      "deemed_export_unregistered",
      "A deemed export is a supply to a registered buyer: the party has no GSTIN.",
      "/deemed_export",
      "the buyer has no GSTIN",
    );
  }
  const lines = checkProducts(facts.products, request, einvoiced).map(({ item, product }) => ({
    item,
    product,
    qty: parseMilli(item.qty),
    rate: item.rate === undefined ? product.price : parseMilli(item.rate),
  }));
  const tax = computeInvoiceTax({
    date,
    supplier_state: seller.stateCode,
    place_of_supply: placeOfSupply,
    reverse_charge: request.reverse_charge ?? false,
    sez,
    under_lut: request.under_lut ?? false,
    deemed_export: request.deemed_export ?? false,
    items: lines.map(({ item, product, qty, rate }) => ({
      qty,
      rate,
      discount: parseRupees(item.discount ?? 0) as Paise,
      gst_rate: product.gstRate,
      cess_rate: product.cessRate,
    })),
  });
  const draftLines: DraftLine[] = lines.map(({ item, product, qty, rate }, i) => ({
    productId: product.id,
    sku: product.sku,
    description: item.description ?? product.name,
    hsnCode: product.hsnCode,
    unit: product.unit,
    qty,
    rate,
    tax: tax.items[i] as TaxedItem,
  }));
  const invoiceParty: InvoiceParty = {
    name: party.name,
    gstin: party.gstin,
    state_code: party.state_code,
    address: party.address,
  };
  return {
    date,
    financialYear: financialYearOf(date),
    dueDate: request.due_date ?? null,
    partyId: party.id,
    party: invoiceParty,
    placeOfSupply,
    sez,
    einvoiced,
    shipTo,
    shippingBill,
    notes: request.notes ?? null,
    tax,
    lines: draftLines,
    stockMoves: stockMovesOf(lines),
    einvoice: (number) =>
      einvoiced
        ? buildInv01({
            docType: "INV",
            number,
            date,
            placeOfSupply,
            seller: {
              gstin: seller.gstin,
              legalName: seller.legalName,
              line1: seller.addressLine1,
              city: seller.city,
              pin: seller.pin,
              stateCode: seller.stateCode,
            },
            buyer: {
              gstin: party.gstin,
              name: party.name,
              address: party.address as NonNullable<InvoiceParty["address"]>,
            },
            lines: draftLines.map((line) => ({ ...line, hsnCode: line.hsnCode as string })),
            tax,
            sez,
            deemedExport: tax.deemed_export,
            igstPaid: tax.igst > 0n,
            shippingBill,
            shipTo,
          })
        : null,
  };
}

/**
 * Drafts an invoice from the facts read and the request, at `now`: every GST rule (intra- or
 * inter-state, UTGST, exports, SEZ, deemed exports, reverse charge, discounts, cess), the stock it
 * takes and its e-invoice, or the refusal that names each field at fault.
 */
export function draftInvoice(facts: InvoiceFacts, request: InvoiceCreate, now: Date): Drafted<InvoiceDraft> {
  return drafting(() => draft(facts, request, now), taxRefusal);
}
