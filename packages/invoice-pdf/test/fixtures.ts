/**
 * Realistic documents for the renderer's tests, benchmark and page images, in the API's own shapes
 * (`components["schemas"][…]`, so the type checker holds them to the contract). Their amounts are
 * computed by `@bahi/gst`'s `computeInvoiceTax`, exactly as the server computes them, so every
 * total adds up; the e-invoice fields have real IRNs and signed-QR JWTs of the IRP's shape and
 * length (the signatures are stand-ins: the renderer prints the token, it does not verify it).
 */
import { createHash } from "node:crypto";
import {
  computeInvoiceTax,
  computeIrn,
  formatIsoDate,
  gstinCheckChar,
  isUtgstTerritory,
  parseMilli,
  parseRupees,
  toEinvoiceDate,
  toRupees,
} from "@bahi/gst";
import type { Account, CreditNote, DebitNote, Invoice } from "../src/types.js";

type Item = Invoice["items"][number];
type PartySnapshot = Invoice["party"];

/** A GSTIN with a correct check character from its first 14 characters. */
export function gstin(body14: string): string {
  return body14 + gstinCheckChar(body14);
}

export const account: Account = {
  id: "acc_01jd4k9m2x7qv3t8w5y6z0abcd",
  object: "account",
  legal_name: "Acme Traders Private Limited",
  trade_name: "Acme Traders",
  gstin: "29AABCU9603R1ZJ",
  pan: "AABCU9603R",
  state_code: "29",
  address: {
    line1: "12 MG Road",
    line2: "Near Trinity Metro Station",
    city: "Bengaluru",
    state_code: "29",
    pin: "560001",
  },
  plan: "growth",
  subscription_status: "active",
  invoice_number_format: "INV/{FY}/{SEQ:4}",
  credit_note_number_format: "CN/{FY}/{SEQ:4}",
  debit_note_number_format: "DN/{FY}/{SEQ:4}",
  number_reset: "yearly",
  books_closed_through: "2025-26",
  created_at: "2026-04-01T06:30:00.000Z",
};

export const parties = {
  /** Karnataka, like the supplier: an intra-state sale. A Devanagari trade name in the legal name. */
  karnataka: {
    name: "श्री गणेश ट्रेडर्स (Shree Ganesh Traders)",
    gstin: gstin("29AAGFS4821K1Z"),
    state_code: "29",
    address: {
      line1: "45, 2nd Cross, Chickpet",
      line2: null,
      city: "Bengaluru",
      state_code: "29",
      pin: "560053",
    },
  },
  maharashtra: {
    name: "Sharma Electronics",
    gstin: "27AAPFU0939F1ZV",
    state_code: "27",
    address: {
      line1: "Shop 14, Lamington Road",
      line2: "Grant Road East",
      city: "Mumbai",
      state_code: "27",
      pin: "400007",
    },
  },
  delhi: {
    name: "Rapid Roadways Private Limited",
    gstin: "07AAACR5055K1Z9",
    state_code: "07",
    address: {
      line1: "Plot 7, Transport Nagar",
      line2: null,
      city: "New Delhi",
      state_code: "07",
      pin: "110042",
    },
  },
  /** A goods transport agency in Karnataka, whose services the supplier buys under reverse charge. */
  karnatakaLaw: {
    name: "Kaveri Logistics LLP",
    gstin: gstin("29AAKFK7310M1Z"),
    state_code: "29",
    address: {
      line1: "Survey No. 88, Hosur Road",
      line2: "Electronic City",
      city: "Bengaluru",
      state_code: "29",
      pin: "560100",
    },
  },
  usa: {
    name: "Brooklyn Home Goods Inc.",
    gstin: null,
    state_code: "96",
    address: {
      line1: "350 Fifth Avenue",
      line2: "Suite 4100",
      city: "New York",
      postal_code: "10118",
      country: "US",
    },
  },
  uae: {
    name: "Al Noor General Trading LLC",
    gstin: null,
    state_code: "96",
    address: {
      line1: "Office 1203, Al Attar Tower",
      line2: "Sheikh Zayed Road",
      city: "Dubai",
      postal_code: null,
      country: "AE",
    },
  },
  sez: {
    name: "Coromandel Software Exports Private Limited (SEZ unit)",
    gstin: gstin("33AAECC6210Q1Z"),
    state_code: "33",
    address: {
      line1: "Block 4, MEPZ Special Economic Zone",
      line2: "GST Road, Tambaram",
      city: "Chennai",
      state_code: "33",
      pin: "600045",
    },
  },
  unregisteredKerala: {
    name: "Anjali Menon",
    gstin: null,
    state_code: "32",
    address: {
      line1: "TC 25/1820, Vazhuthacaud",
      line2: null,
      city: "Thiruvananthapuram",
      state_code: "32",
      pin: "695014",
    },
  },
} satisfies Record<string, PartySnapshot>;

interface LineSpec {
  readonly sku: string;
  readonly description: string;
  readonly hsn_code: string | null;
  readonly unit: Item["unit"];
  readonly qty: number;
  readonly rate: number;
  readonly discount?: number;
  readonly gst_rate: Item["gst_rate"];
  readonly cess_rate?: number;
}

/** The IRP's signed QR code: an RS256 JWT whose `data` is the QR's JSON text. */
export function signedQrCode(fields: Record<string, string | number>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const header = encode({
    alg: "RS256",
    kid: "EDC57DE1358B300BA9F179B6D4CE8A2E7D5F4F29",
    typ: "JWT",
    x5t: "7cV94TWLMAup8Xm21M6KLn1fTyk",
  });
  const payload = encode({ data: JSON.stringify(fields), iss: "NIC Sandbox" });
  // 256 bytes, as an RSA-2048 signature is: a hash chain of the signing input stands in for it.
  const chunks: Buffer[] = [];
  let seed = createHash("sha256").update(`${header}.${payload}`).digest();
  while (chunks.length < 8) {
    chunks.push(seed);
    seed = createHash("sha256").update(seed).digest();
  }
  return `${header}.${payload}.${Buffer.concat(chunks).toString("base64url")}`;
}

interface InvoiceSpec {
  readonly id: string;
  readonly number: string;
  readonly date: string;
  readonly party: PartySnapshot;
  readonly place_of_supply?: Invoice["place_of_supply"];
  readonly lines: readonly LineSpec[];
  readonly ship_to?: Invoice["ship_to"];
  readonly sez?: boolean;
  readonly under_lut?: boolean;
  readonly deemed_export?: boolean;
  readonly reverse_charge?: boolean;
  readonly einvoice?: boolean;
  readonly shipping_bill?: Invoice["shipping_bill"];
  readonly notes?: string | null;
  readonly ackNo?: string;
}

/** An invoice as the API returns it, its amounts computed as the server computes them. */
export function makeInvoice(spec: InvoiceSpec): Invoice {
  const placeOfSupply = spec.place_of_supply ?? (spec.party.state_code as Invoice["place_of_supply"]);
  const tax = computeInvoiceTax({
    date: spec.date,
    supplier_state: account.state_code,
    place_of_supply: placeOfSupply,
    reverse_charge: spec.reverse_charge ?? false,
    sez: spec.sez ?? false,
    under_lut: spec.under_lut ?? false,
    deemed_export: spec.deemed_export ?? false,
    items: spec.lines.map((line) => ({
      qty: parseMilli(line.qty),
      rate: parseMilli(line.rate),
      discount: parseRupees(line.discount ?? 0),
      gst_rate: parseMilli(line.gst_rate),
      cess_rate: parseMilli(line.cess_rate ?? 0),
    })),
  });
  const items: Item[] = spec.lines.map((line, index) => {
    const taxed = tax.items[index];
    if (!taxed) throw new Error("missing taxed line");
    return {
      sku: line.sku,
      product_id: `prd_01jd4p${String(index).padStart(20, "0")}`,
      description: line.description,
      hsn_code: line.hsn_code,
      unit: line.unit,
      qty: line.qty,
      rate: line.rate,
      discount: toRupees(taxed.discount),
      taxable_value: toRupees(taxed.taxable_value),
      gst_rate: line.gst_rate,
      cgst: toRupees(taxed.cgst),
      sgst: toRupees(taxed.sgst),
      igst: toRupees(taxed.igst),
      cess: toRupees(taxed.cess),
      total: toRupees(taxed.total),
    };
  });
  const total = toRupees(tax.total);
  const einvoice = spec.einvoice ?? spec.party.gstin !== null;
  const irn = einvoice
    ? computeIrn({ supplierGstin: account.gstin, date: spec.date, docType: "INV", docNumber: spec.number })
    : null;
  const ackDate = `${spec.date}T06:12:41.000Z`;
  return {
    id: spec.id,
    object: "invoice",
    livemode: false,
    number: spec.number,
    date: spec.date,
    due_date: spec.party.gstin ? formatIsoDate(addDays(spec.date, 30)) : null,
    status: "issued",
    party_id: "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
    party: spec.party,
    ship_to: spec.ship_to ?? null,
    place_of_supply: placeOfSupply,
    supply_type: tax.supply_type,
    sez: spec.sez ?? false,
    under_lut: spec.under_lut ?? false,
    deemed_export: spec.deemed_export ?? false,
    reverse_charge: spec.reverse_charge ?? false,
    items,
    taxable_value: toRupees(tax.taxable_value),
    cgst: toRupees(tax.cgst),
    sgst: toRupees(tax.sgst),
    igst: toRupees(tax.igst),
    cess: toRupees(tax.cess),
    round_off: toRupees(tax.round_off),
    total,
    amount_debited: 0,
    amount_paid: 0,
    amount_credited: 0,
    balance_due: total,
    sgst_label: isUtgstTerritory(placeOfSupply) && tax.supply_type === "intra_state" ? "UTGST" : "SGST",
    irn,
    ack_no: irn ? (spec.ackNo ?? "132610000045871") : null,
    ack_date: irn ? ackDate : null,
    signed_qr_code: irn
      ? signedQrCode({
          SellerGstin: account.gstin,
          BuyerGstin: spec.party.gstin ?? "URP",
          DocNo: spec.number,
          DocTyp: "INV",
          DocDt: toEinvoiceDate(spec.date),
          TotInvVal: total,
          ItemCnt: items.length,
          MainHsnCode: items[0]?.hsn_code ?? "",
          Irn: irn,
          IrnDt: `${spec.date} 11:42:41`,
        })
      : null,
    signed_invoice: irn ? signedQrCode({ Irn: irn, Version: "1.1" }) : null,
    einvoice_status: irn ? "registered" : "not_applicable",
    einvoice_error: null,
    shipping_bill: spec.shipping_bill ?? null,
    cancellation: null,
    notes:
      spec.notes === undefined
        ? "Thank you for your business. Goods once sold are subject to our terms of sale."
        : spec.notes,
    created_at: `${spec.date}T06:12:40.000Z`,
  };
}

function addDays(date: string, days: number): { year: number; month: number; day: number } {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const stationery: LineSpec[] = [
  {
    sku: "PEN-01",
    description: "Ballpoint pen, blue (box of 10)",
    hsn_code: "96081019",
    unit: "BOX",
    qty: 23,
    rate: 99.99,
    gst_rate: 18,
  },
  {
    sku: "NB-A4-200",
    description: "A4 ruled notebook, 200 pages",
    hsn_code: "48202000",
    unit: "NOS",
    qty: 120,
    rate: 62.5,
    discount: 300,
    gst_rate: 5,
  },
  {
    sku: "SVC-INSTALL",
    description: "Installation and training service at the customer's premises",
    hsn_code: "998719",
    unit: "NA",
    qty: 1,
    rate: 1500,
    discount: 100,
    gst_rate: 18,
  },
];

export const intraStateInvoice = makeInvoice({
  id: "inv_01jd4r5t6v7w8x9y0z1a2b3c01",
  number: "INV/2026-27/0001",
  date: "2026-11-23",
  party: parties.karnataka,
  lines: stationery,
});

export const interStateInvoice = makeInvoice({
  id: "inv_01jd4r5t6v7w8x9y0z1a2b3c02",
  number: "INV/2026-27/0002",
  date: "2026-11-23",
  party: parties.maharashtra,
  lines: stationery,
  ship_to: {
    name: "Sharma Electronics Warehouse",
    gstin: "27AAPFU0939F1ZV",
    address: {
      line1: "Gala 3, Bhiwandi Logistics Park",
      line2: null,
      city: "Bhiwandi",
      state_code: "27",
      pin: "421302",
    },
  },
});

export const reverseChargeInvoice = makeInvoice({
  id: "inv_01jd4r5t6v7w8x9y0z1a2b3c03",
  number: "INV/2026-27/0003",
  date: "2026-11-24",
  party: parties.karnatakaLaw,
  reverse_charge: true,
  lines: [
    {
      sku: "GTA-FTL",
      description: "Goods transport by road, full truck load, Bengaluru to Hosur (consignment note 4471)",
      hsn_code: "996511",
      unit: "NA",
      qty: 1,
      rate: 18500,
      gst_rate: 5,
    },
    {
      sku: "GTA-LOAD",
      description: "Loading and unloading incidental to transport",
      hsn_code: "996511",
      unit: "NA",
      qty: 1,
      rate: 1250.5,
      gst_rate: 5,
    },
  ],
  notes: null,
});

export const exportLutInvoice = makeInvoice({
  id: "inv_01jd4r5t6v7w8x9y0z1a2b3c04",
  number: "EXP/2026-27/0001",
  date: "2026-11-25",
  party: parties.usa,
  under_lut: true,
  einvoice: true,
  lines: [
    {
      sku: "BRASS-LAMP",
      description: "Brass oil lamp (diya), hand-made, 8 inch",
      hsn_code: "74198090",
      unit: "NOS",
      qty: 400,
      rate: 842.75,
      gst_rate: 18,
    },
    {
      sku: "SILK-STOLE",
      description: "Silk stole, Mysore silk, 180 × 70 cm",
      hsn_code: "62142010",
      unit: "PCS",
      qty: 250,
      rate: 1225,
      gst_rate: 5,
    },
  ],
  shipping_bill: { port_code: "INBLR4", number: "4512863", date: "2026-11-27" },
  notes: "Terms: FOB Bengaluru. Payment by wire transfer within 45 days.",
});

export const exportIgstInvoice = makeInvoice({
  id: "inv_01jd4r5t6v7w8x9y0z1a2b3c05",
  number: "EXP/2026-27/0002",
  date: "2026-11-26",
  party: parties.uae,
  einvoice: true,
  lines: [
    {
      sku: "SPICE-CARD",
      description: "Green cardamom, 8 mm bold, 25 kg bags",
      hsn_code: "09083120",
      unit: "KGS",
      qty: 1250.5,
      rate: 2310.255,
      gst_rate: 5,
    },
  ],
  notes: null,
});

export const sezInvoice = makeInvoice({
  id: "inv_01jd4r5t6v7w8x9y0z1a2b3c06",
  number: "INV/2026-27/0006",
  date: "2026-11-26",
  party: parties.sez,
  sez: true,
  under_lut: true,
  lines: [
    {
      sku: "SRV-RACK",
      description: "42U server rack with cable management",
      hsn_code: "84733099",
      unit: "NOS",
      qty: 6,
      rate: 68500,
      gst_rate: 18,
    },
    {
      sku: "SVC-INSTALL",
      description: "Installation and commissioning",
      hsn_code: "998719",
      unit: "NA",
      qty: 1,
      rate: 25000,
      gst_rate: 18,
    },
  ],
});

export const unregisteredInvoice = makeInvoice({
  id: "inv_01jd4r5t6v7w8x9y0z1a2b3c07",
  number: "INV/2026-27/0007",
  date: "2026-11-27",
  party: parties.unregisteredKerala,
  lines: [
    {
      sku: "TV-55-4K",
      description: "55-inch 4K LED television",
      hsn_code: "85287217",
      unit: "NOS",
      qty: 1,
      rate: 54990,
      discount: 2000,
      gst_rate: 18,
    },
    {
      sku: "WALL-MOUNT",
      description: "Wall mount bracket",
      hsn_code: "83024900",
      unit: "NOS",
      qty: 1,
      rate: 1499,
      gst_rate: 18,
    },
  ],
});

/** An invoice from before 1 February 2026, when compensation cess was still levied. */
export const cessInvoice = makeInvoice({
  id: "inv_01jd4r5t6v7w8x9y0z1a2b3c08",
  number: "INV/2025-26/0412",
  date: "2025-08-12",
  party: parties.maharashtra,
  lines: [
    {
      sku: "SODA-24",
      description: "Aerated soft drink, 300 ml, crate of 24",
      hsn_code: "22021010",
      unit: "BOX",
      qty: 80,
      rate: 480,
      gst_rate: 28,
      cess_rate: 12,
    },
  ],
});

export const creditNote: CreditNote = {
  id: "crn_01jd5a3b4c5d6e7f8g9h0j1k2m",
  object: "credit_note",
  livemode: false,
  number: "CN/2026-27/0001",
  date: "2026-11-30",
  invoice_id: interStateInvoice.id,
  party_id: interStateInvoice.party_id,
  reason: "sales_return",
  restock: true,
  place_of_supply: "27",
  supply_type: "inter_state",
  reverse_charge: false,
  sgst_label: "SGST",
  items: [
    {
      sku: "PEN-01",
      product_id: "prd_01jd4p00000000000000000000",
      description: "Ballpoint pen, blue (box of 10)",
      hsn_code: "96081019",
      unit: "BOX",
      qty: 2,
      rate: 99.99,
      discount: 0,
      taxable_value: 199.98,
      gst_rate: 18,
      cgst: 0,
      sgst: 0,
      igst: 36,
      cess: 0,
      total: 235.98,
    },
    {
      sku: "SVC-INSTALL",
      product_id: "prd_01jd4p00000000000000000002",
      description: "Installation and training service: one day not delivered (value only)",
      hsn_code: "998719",
      unit: "NA",
      qty: null,
      rate: null,
      discount: 0,
      taxable_value: 350,
      gst_rate: 18,
      cgst: 0,
      sgst: 0,
      igst: 63,
      cess: 0,
      total: 413,
    },
  ],
  taxable_value: 549.98,
  cgst: 0,
  sgst: 0,
  igst: 99,
  cess: 0,
  round_off: 0.02,
  total: 649,
  credited_to_party: 649,
  refund_due: 0,
  irn: computeIrn({
    supplierGstin: account.gstin,
    date: "2026-11-30",
    docType: "CRN",
    docNumber: "CN/2026-27/0001",
  }),
  ack_no: "132610000046302",
  ack_date: "2026-11-30T09:41:07.000Z",
  signed_qr_code: signedQrCode({
    SellerGstin: account.gstin,
    BuyerGstin: "27AAPFU0939F1ZV",
    DocNo: "CN/2026-27/0001",
    DocTyp: "CRN",
    DocDt: "30/11/2026",
    TotInvVal: 649,
    ItemCnt: 2,
    MainHsnCode: "96081019",
    Irn: computeIrn({
      supplierGstin: account.gstin,
      date: "2026-11-30",
      docType: "CRN",
      docNumber: "CN/2026-27/0001",
    }),
    IrnDt: "2026-11-30 15:11:07",
  }),
  signed_invoice: null,
  einvoice_status: "registered",
  einvoice_error: null,
  created_at: "2026-11-30T09:41:06.000Z",
};

export const debitNote: DebitNote = {
  id: "dbn_01jd5c7d8e9f0g1h2j3k4m5n6p",
  object: "debit_note",
  livemode: false,
  number: "DN/2026-27/0001",
  date: "2026-12-02",
  invoice_id: intraStateInvoice.id,
  party_id: intraStateInvoice.party_id,
  reason: "price_revision",
  place_of_supply: "29",
  supply_type: "intra_state",
  reverse_charge: false,
  sgst_label: "SGST",
  items: [
    {
      sku: "PEN-01",
      product_id: "prd_01jd4p00000000000000000000",
      description: "Ballpoint pen, blue (box of 10): price revised from ₹99.99 to ₹104.99 a box",
      hsn_code: "96081019",
      unit: "BOX",
      taxable_value: 115,
      gst_rate: 18,
      cgst: 10.35,
      sgst: 10.35,
      igst: 0,
      cess: 0,
      total: 135.7,
    },
  ],
  taxable_value: 115,
  cgst: 10.35,
  sgst: 10.35,
  igst: 0,
  cess: 0,
  round_off: 0.3,
  total: 136,
  irn: computeIrn({
    supplierGstin: account.gstin,
    date: "2026-12-02",
    docType: "DBN",
    docNumber: "DN/2026-27/0001",
  }),
  ack_no: "132610000046977",
  ack_date: "2026-12-02T05:03:52.000Z",
  signed_qr_code: signedQrCode({
    SellerGstin: account.gstin,
    BuyerGstin: parties.karnataka.gstin,
    DocNo: "DN/2026-27/0001",
    DocTyp: "DBN",
    DocDt: "02/12/2026",
    TotInvVal: 136,
    ItemCnt: 1,
    MainHsnCode: "96081019",
    Irn: computeIrn({
      supplierGstin: account.gstin,
      date: "2026-12-02",
      docType: "DBN",
      docNumber: "DN/2026-27/0001",
    }),
    IrnDt: "2026-12-02 10:33:52",
  }),
  signed_invoice: null,
  einvoice_status: "registered",
  einvoice_error: null,
  created_at: "2026-12-02T05:03:51.000Z",
};

const CATALOGUE: LineSpec[] = [
  {
    sku: "PEN-01",
    description: "Ballpoint pen, blue (box of 10)",
    hsn_code: "96081019",
    unit: "BOX",
    qty: 3,
    rate: 99.99,
    gst_rate: 18,
  },
  {
    sku: "NB-A4-200",
    description: "A4 ruled notebook, 200 pages",
    hsn_code: "48202000",
    unit: "NOS",
    qty: 24,
    rate: 62.5,
    gst_rate: 5,
  },
  {
    sku: "STAPLER-24",
    description: "Heavy-duty stapler, 24/6 pins, with a box of 1,000 staples",
    hsn_code: "84729010",
    unit: "NOS",
    qty: 2,
    rate: 349,
    discount: 20,
    gst_rate: 18,
  },
  {
    sku: "FILE-BOX",
    description: "Box file, foolscap",
    hsn_code: "48203000",
    unit: "NOS",
    qty: 12.5,
    rate: 84.333,
    gst_rate: 18,
  },
  {
    sku: "TONER-88A",
    description: "Toner cartridge 88A, compatible",
    hsn_code: "84439959",
    unit: "NOS",
    qty: 1,
    rate: 1849,
    gst_rate: 18,
  },
];

/**
 * A 1,000-line invoice (the e-invoice limit), to test paging and time the renderer; each `variant`
 * has other quantities, descriptions and number, as another customer's order would.
 */
export function largeInvoice(lines = 1000, variant = 0): Invoice {
  const specs: LineSpec[] = [];
  for (let i = 0; i < lines; i++) {
    const base = CATALOGUE[i % CATALOGUE.length] as LineSpec;
    const order = variant === 0 ? "" : ` (order ${variant})`;
    specs.push({
      ...base,
      sku: `${base.sku}-${i + 1}`,
      description: `${base.description}, lot ${i + 1}${order}`,
      qty: base.qty + ((i + variant) % 7),
    });
  }
  return makeInvoice({
    id: "inv_01jd4r5t6v7w8x9y0z1a2b3c99",
    number: variant === 0 ? "INV/2026-27/0999" : `INV/2026-27/${5000 + variant}`,
    date: "2026-11-28",
    party: parties.karnataka,
    lines: specs,
  });
}

/**
 * Three-line e-invoices like `intraStateInvoice`, each different (number, IRN and QR code, the
 * customer's branch, descriptions, quantities), so that a benchmark renders what a server would
 * and not the same words and figures over and over.
 */
export function threeLineInvoices(count: number): Invoice[] {
  return Array.from({ length: count }, (_, i) =>
    makeInvoice({
      id: `inv_01jd4r5t6v7w8x9y0z1a2b${String(i).padStart(4, "0")}`,
      number: `INV/2026-27/${1000 + i}`,
      date: "2026-11-23",
      party: { ...parties.karnataka, name: `${parties.karnataka.name} Branch ${i + 1}` },
      lines: stationery.map((line, n) => ({
        ...line,
        description: `${line.description}, order ${7000 + i}`,
        qty: line.qty + ((i + n) % 9),
      })),
      ackNo: String(132610000050000 + i),
    }),
  );
}
