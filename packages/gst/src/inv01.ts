import type { components } from "@bahi/contract";
import { toEinvoiceDate } from "./dates.js";
import { isService } from "./hsn.js";
import { milliToNumber, type Paise, roundToRupee, toRupees } from "./money.js";
import { OTHER_COUNTRIES_STATE_CODE } from "./states.js";
import type { InvoiceTax } from "./tax.js";

/** The INV-01 document (schema 1.1) that the IRP registers, as the contract defines it. */
export type EInvoice = components["schemas"]["EInvoice"];

/** EINVOICE_MIN_NAME_LENGTH: the IRP refuses a legal name, locality or item description shorter than this. */
export const EINVOICE_MIN_NAME_LENGTH = 3;

/**
 * A text as the IRP takes it: its schema refuses `"` and `\` in every free-text field, so an inch mark
 * (`1/2"`) is written `1/2'` and a backslash `/`. The length stays the same, within the field's limit.
 */
function irpText(text: string): string {
  return text.replaceAll('"', "'").replaceAll("\\", "/");
}

/** The PIN the IRP takes for an address abroad, which has none of India's. */
const PIN_ABROAD = 999999;

type Buyer = EInvoice["BuyerDtls"];
type Consignee = NonNullable<EInvoice["ShipDtls"]>;
type Address = { line1: string; city: string } & ({ pin: string; state_code: string } | { country: string });
type StateCode = EInvoice["SellerDtls"]["Stcd"];
type ExportDetails = NonNullable<EInvoice["ExpDtls"]>;

export interface Inv01Input {
  readonly docType: "INV" | "CRN" | "DBN";
  readonly number: string;
  readonly date: string;
  readonly placeOfSupply: string;
  readonly seller: {
    gstin: string;
    legalName: string;
    line1: string;
    city: string;
    pin: string;
    stateCode: string;
  };
  readonly buyer: {
    gstin: string | null;
    name: string;
    address: Address;
  };
  readonly lines: readonly {
    description: string;
    hsnCode: string;
    unit: string;
    qty: bigint;
    rate: bigint;
  }[];
  readonly tax: InvoiceTax;
  /** A supply to an SEZ unit or developer (`SEZWP`/`SEZWOP`). */
  readonly sez: boolean;
  /** A deemed export (`DEXP`): a domestic supply to a registered buyer, taxed as usual. */
  readonly deemedExport: boolean;
  /**
   * Whether the zero-rated supply pays IGST (`…WP`) or not (`…WOP`: under a LUT, or goods at 0%).
   * A credit note takes its invoice's, since its own IGST can round to nothing.
   */
  readonly igstPaid: boolean;
  /** An export's shipping bill, when it was filed before the document (`ExpDtls`). */
  readonly shippingBill?: { port_code: string; number: string; date: string } | null;
  /** The invoice a credit or debit note adjusts (`RefDtls.PrecDocDtls`). */
  readonly precedingInvoice?: { number: string; date: string } | null;
  /** Where the goods go, when not to the buyer's own address (`ShipDtls`). */
  readonly shipTo?: { name: string; gstin: string | null; address: Address } | null;
}

/** `TranDtls.SupTyp`: B2B, a deemed export, or the kind of zero-rated supply and whether it paid IGST. */
function einvoiceSupplyType(input: Inv01Input): EInvoice["TranDtls"]["SupTyp"] {
  if (input.placeOfSupply === OTHER_COUNTRIES_STATE_CODE) return input.igstPaid ? "EXPWP" : "EXPWOP";
  if (input.sez) return input.igstPaid ? "SEZWP" : "SEZWOP";
  return input.deemedExport ? "DEXP" : "B2B";
}

/**
 * A foreign buyer has no GSTIN: the IRP takes `URP` (unregistered person) and state 96, even from a
 * party that also holds an Indian GSTIN, whose state would not match 96.
 */
function buyerOf(input: Inv01Input): Buyer {
  const { address } = input.buyer;
  const head = { LglNm: irpText(input.buyer.name), Pos: input.placeOfSupply as Buyer["Pos"] };
  const place = { Addr1: irpText(address.line1), Loc: irpText(address.city) };
  if (input.placeOfSupply === OTHER_COUNTRIES_STATE_CODE) {
    const Stcd = OTHER_COUNTRIES_STATE_CODE as Buyer["Stcd"];
    return { Gstin: "URP", ...head, ...place, Pin: PIN_ABROAD, Stcd };
  }
  // Only registered buyers and exports are e-invoiced, and a registered party's address is in India.
  if ("country" in address) throw new Error("an e-invoice in India to an address abroad");
  return {
    Gstin: input.buyer.gstin ?? "URP",
    ...head,
    ...place,
    Pin: Number(address.pin),
    Stcd: address.state_code as Buyer["Stcd"],
  };
}

/** `ShipDtls`: like the buyer, an address abroad is state 96 with PIN_ABROAD, and has no GSTIN. */
function consigneeOf(shipTo: NonNullable<Inv01Input["shipTo"]>): Consignee {
  const { address } = shipTo;
  const head = { LglNm: irpText(shipTo.name), Addr1: irpText(address.line1), Loc: irpText(address.city) };
  if ("country" in address)
    return { ...head, Pin: PIN_ABROAD, Stcd: OTHER_COUNTRIES_STATE_CODE as Consignee["Stcd"] };
  return {
    Gstin: shipTo.gstin ?? "URP",
    ...head,
    Pin: Number(address.pin),
    Stcd: address.state_code as Consignee["Stcd"],
  };
}

/**
 * `ExpDtls` of an export, with what is known when it is registered: the shipping bill if filed
 * already, and the buyer's country if its address is abroad.
 */
function exportDetails(input: Inv01Input): Pick<EInvoice, "ExpDtls"> {
  if (input.placeOfSupply !== OTHER_COUNTRIES_STATE_CODE) return {};
  const bill = input.shippingBill;
  const { address } = input.buyer;
  const country = "country" in address ? (address.country as ExportDetails["CntCode"]) : undefined;
  if (!bill && !country) return {};
  return {
    ExpDtls: {
      ...(bill ? { ShipBNo: bill.number, ShipBDt: toEinvoiceDate(bill.date), Port: bill.port_code } : {}),
      ...(country ? { CntCode: country } : {}),
    },
  };
}

/**
 * The INV-01 (schema 1.1) document for the IRP. Under reverse charge the IRP still wants each line's
 * value with its tax, so the item values and the document total here include tax even where the
 * invoice's own total (what the buyer pays the supplier) does not, rounded here. Otherwise the total
 * is the document's own, round_off included: a credit note rounds with the invoice's notes before it,
 * not on its own.
 */
export function buildInv01(input: Inv01Input): EInvoice {
  const { tax } = input;
  const itemValues = tax.items.map((t) => t.taxable_value + t.cgst + t.sgst + t.igst + t.cess);
  const sum = itemValues.reduce((a: Paise, b) => a + b, 0n);
  const rounded = tax.reverse_charge ? roundToRupee(sum) : tax.total;
  return {
    Version: "1.1",
    TranDtls: {
      TaxSch: "GST",
      SupTyp: einvoiceSupplyType(input),
      RegRev: tax.reverse_charge ? "Y" : "N",
    },
    DocDtls: { Typ: input.docType, No: input.number, Dt: toEinvoiceDate(input.date) },
    SellerDtls: {
      Gstin: input.seller.gstin,
      LglNm: irpText(input.seller.legalName),
      Addr1: irpText(input.seller.line1),
      Loc: irpText(input.seller.city),
      Pin: Number(input.seller.pin),
      Stcd: input.seller.stateCode as StateCode,
    },
    BuyerDtls: buyerOf(input),
    ...(input.shipTo ? { ShipDtls: consigneeOf(input.shipTo) } : {}),
    ItemList: tax.items.map((t, i) => {
      const line = input.lines[i];
      if (!line) throw new Error("a taxed line without its input");
      const service = isService(line.hsnCode);
      return {
        SlNo: String(i + 1),
        PrdDesc: irpText(line.description),
        IsServc: service ? "Y" : "N",
        HsnCd: line.hsnCode,
        Qty: milliToNumber(line.qty),
        // The IRP's schema takes a unit of 3 to 8 letters, required for goods and optional for
        // services: the `NA` that GSTR-1's HSN summary wants for services would be refused here.
        ...(service ? {} : { Unit: line.unit as NonNullable<EInvoice["ItemList"][number]["Unit"]> }),
        UnitPrice: milliToNumber(line.rate),
        TotAmt: toRupees(t.gross),
        Discount: toRupees(t.discount),
        AssAmt: toRupees(t.taxable_value),
        GstRt: milliToNumber(t.gst_rate) as EInvoice["ItemList"][number]["GstRt"],
        IgstAmt: toRupees(t.igst),
        CgstAmt: toRupees(t.cgst),
        SgstAmt: toRupees(t.sgst),
        CesRt: milliToNumber(t.cess_rate),
        CesAmt: toRupees(t.cess),
        TotItemVal: toRupees(itemValues[i] ?? 0n),
      };
    }),
    ...(input.precedingInvoice
      ? {
          RefDtls: {
            PrecDocDtls: [
              { InvNo: input.precedingInvoice.number, InvDt: toEinvoiceDate(input.precedingInvoice.date) },
            ],
          },
        }
      : {}),
    ValDtls: {
      AssVal: toRupees(tax.taxable_value),
      CgstVal: toRupees(tax.cgst),
      SgstVal: toRupees(tax.sgst),
      IgstVal: toRupees(tax.igst),
      CesVal: toRupees(tax.cess),
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: toRupees(rounded - sum),
      TotInvVal: toRupees(rounded),
    },
    ...exportDetails(input),
  };
}
