// Generated from spec/graphql/ by GraphQL Code Generator (apps/api/codegen.yml). Do not edit.
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { Account as AccountRest, Party as PartyRest, Product as ProductRest, Invoice as InvoiceRest, InvoiceItem as InvoiceItemRest, Payment as PaymentRest, PaymentAllocation as PaymentAllocationRest, CreditNote as CreditNoteRest, CreditNoteItem as CreditNoteItemRest, DebitNote as DebitNoteRest, DebitNoteItem as DebitNoteItemRest, Event as EventRest, Webhook as WebhookRest, Gstr1Summary as Gstr1SummaryRest, InvoiceAllocation as InvoiceAllocationRest, PartyPage as PartyPageRest, ProductPage as ProductPageRest, InvoicePage as InvoicePageRest, PaymentPage as PaymentPageRest, CreditNotePage as CreditNotePageRest, DebitNotePage as DebitNotePageRest, EventPage as EventPageRest, WebhookPage as WebhookPageRest } from '../rest-types.js';
import type { GraphContext } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /**
   * An amount, rate or quantity, written exactly as the REST API writes it: a JSON number with at most
   * two decimals for money (three for quantities, unit prices and cess rates), such as `1180.5`. Bahi
   * never computes with binary floating point: the number is read as a decimal. Inputs also accept the
   * same number as a string (`"1180.50"`).
   */
  Decimal: { input: number | string; output: number; }
  /**
   * Any JSON value; used only for the changed object an event carries (`Event.data.object`), which is
   * the REST object of that type.
   */
  JSON: { input: unknown; output: unknown; }
};

/** The business behind the API keys, with its GST profile. One account holds separate test and live data. */
export type Account = Node & {
  readonly __typename?: 'Account';
  readonly address: Address;
  /**
   * The last financial year whose books are closed: no document may be dated in it or before it
   * (422 `financial_year_closed`). `null` while no year is closed.
   */
  readonly booksClosedThrough?: Maybe<Scalars['String']['output']>;
  readonly createdAt: Scalars['String']['output'];
  readonly creditNoteNumberFormat: Scalars['String']['output'];
  readonly debitNoteNumberFormat: Scalars['String']['output'];
  readonly gstin: Scalars['String']['output'];
  readonly id: Scalars['ID']['output'];
  readonly invoiceNumberFormat: Scalars['String']['output'];
  /** The legal name registered with GST (e-invoice `LglNm`). */
  readonly legalName: Scalars['String']['output'];
  readonly numberReset: NumberReset;
  readonly object: Scalars['String']['output'];
  /** The PAN, taken from the GSTIN (its characters 3 to 12). */
  readonly pan: Scalars['String']['output'];
  readonly plan: Plan;
  readonly stateCode: Scalars['String']['output'];
  /** `paused` accounts can read everything but cannot write live-mode data (402 `subscription_paused`). */
  readonly subscriptionStatus: SubscriptionStatus;
  /** The trade name printed on invoices, when it differs from the legal name. */
  readonly tradeName?: Maybe<Scalars['String']['output']>;
};

/**
 * A postal address: in India (`stateCode` and `pin`) or abroad (`country` and `postalCode`); the
 * fields of the other kind are `null`.
 */
export type Address = {
  readonly __typename?: 'Address';
  readonly city: Scalars['String']['output'];
  /** The ISO 3166-1 alpha-2 country code (abroad only). */
  readonly country?: Maybe<Scalars['String']['output']>;
  readonly line1: Scalars['String']['output'];
  readonly line2?: Maybe<Scalars['String']['output']>;
  /** The six-digit PIN code (India only). */
  readonly pin?: Maybe<Scalars['String']['output']>;
  /** The postal or ZIP code abroad, if the country has one. */
  readonly postalCode?: Maybe<Scalars['String']['output']>;
  /** The state's two-digit GST code (India only). */
  readonly stateCode?: Maybe<Scalars['String']['output']>;
};

/** An address in India (`stateCode`, `pin`) or abroad (`country`, `postalCode`). */
export type AddressInput = {
  readonly city: Scalars['String']['input'];
  readonly country?: InputMaybe<Scalars['String']['input']>;
  readonly line1: Scalars['String']['input'];
  readonly line2?: InputMaybe<Scalars['String']['input']>;
  readonly pin?: InputMaybe<Scalars['String']['input']>;
  readonly postalCode?: InputMaybe<Scalars['String']['input']>;
  readonly stateCode?: InputMaybe<Scalars['String']['input']>;
};

/**
 * Why the invoice is cancelled, as the e-invoice system records it. Both fields are sent to the Invoice
 * Registration Portal when the invoice has an IRN.
 */
export type CancelInvoiceInput = {
  /** `1` duplicate, `2` data entry mistake, `3` order cancelled, `4` others. */
  readonly reason: Scalars['String']['input'];
  /** A remark for the record, 1 to 100 characters (`MAX_CANCEL_REMARK_LENGTH`, the e-invoice limit). */
  readonly remark: Scalars['String']['input'];
};

/** What `cancelInvoice` answers: the object, or `null` with the `userErrors` that refused it. */
export type CancelInvoicePayload = {
  readonly __typename?: 'CancelInvoicePayload';
  readonly invoice?: Maybe<Invoice>;
  readonly userErrors: ReadonlyArray<UserError>;
};

/**
 * A credit note against an issued invoice: give either `whole: true` or `items`. The note cannot credit
 * more than the invoice still has to credit, line by line (its lines less earlier credit notes): 422
 * `credit_exceeds_creditable`. A cancelled invoice has nothing to credit (409 `invoice_cancelled`).
 */
export type CreateCreditNoteInput = {
  /**
   * The credit note date. Defaults to today in India Standard Time. Not in the future (422
   * `date_in_future`), not before the invoice date (422 `date_before_invoice`), not in a financial year
   * closed for new documents (422 `financial_year_closed`), and at the latest 30 November after the end
   * of the invoice's financial year, the legal limit for reducing its tax (422 `credit_note_too_late`).
   */
  readonly date?: InputMaybe<Scalars['String']['input']>;
  /** The invoice to credit. No such invoice in this account and mode is a 422 (`unknown_invoice`, at `/invoice_id`). */
  readonly invoiceId: Scalars['ID']['input'];
  /** The lines to credit, 1 to 1,000 (`MAX_INVOICE_ITEMS`). */
  readonly items?: InputMaybe<ReadonlyArray<CreditNoteItemInput>>;
  readonly reason: CreditNoteReason;
  /**
   * Whether the credited units of goods that track stock go back into stock. Defaults to `true` for
   * `sales_return` and to `false` otherwise. Lines credited by value alone and services move no stock.
   */
  readonly restock?: InputMaybe<Scalars['Boolean']['input']>;
  /** `true` credits everything on the invoice not yet credited (all of it when no credit note came before). */
  readonly whole?: InputMaybe<Scalars['Boolean']['input']>;
};

/** What `createCreditNote` answers: the object, or `null` with the `userErrors` that refused it. */
export type CreateCreditNotePayload = {
  readonly __typename?: 'CreateCreditNotePayload';
  readonly creditNote?: Maybe<CreditNote>;
  readonly userErrors: ReadonlyArray<UserError>;
};

/**
 * A new invoice to a customer. Bahi fills in everything else: the number (the next in the financial
 * year's series), the party snapshot, each line's HSN code, unit and GST rate from the product, the place
 * of supply and with it the split into CGST + SGST/UTGST or IGST, the tax of each line rounded half-up to
 * the paisa, and the total rounded to the rupee with `round_off`.
 */
export type CreateInvoiceInput = {
  /**
   * The invoice date. Defaults to today in India Standard Time. A date in the future is a 422
   * (`date_in_future`); a date in a financial year closed for new documents is a 422
   * (`financial_year_closed`). The date decides the financial year of the number and the IRN, and the
   * GST rates in force.
   */
  readonly date?: InputMaybe<Scalars['String']['input']>;
  /**
   * Makes the invoice a deemed export (section 147 of the CGST Act): goods supplied in India to an
   * Export Oriented Unit, or against an Advance Authorisation or EPCG authorisation. GST is charged as
   * on any other supply (CGST + SGST within the state, IGST across states) and claimed back as a
   * refund; the e-invoice reports `DEXP` and GSTR-1 `b2b` `inv_typ` `DE`. The buyer must be
   * registered: for a party without GSTIN it is a 422 (`deemed_export_unregistered`, at
   * `/deemed_export`). An export or a supply to an SEZ is zero-rated instead: a 422
   * (`deemed_export_zero_rated`, at `/deemed_export`).
   */
  readonly deemedExport?: InputMaybe<Scalars['Boolean']['input']>;
  /** When payment is due; not before `date` (422 `due_date_before_date`). Leave it out for an invoice due on receipt. */
  readonly dueDate?: InputMaybe<Scalars['String']['input']>;
  /** The lines of the invoice, 1 to 1,000 (`MAX_INVOICE_ITEMS`, the e-invoice schema's limit). */
  readonly items: ReadonlyArray<InvoiceItemInput>;
  /** Text printed at the foot of the invoice, at most 1,000 characters (`MAX_INVOICE_NOTES_LENGTH`). */
  readonly notes?: InputMaybe<Scalars['String']['input']>;
  /**
   * The customer's id. No such party in this account and mode is a 422 (`unknown_party`, at
   * `/party_id`); a registered or foreign buyer without an address on record is a 422
   * (`address_required`, at `/party_id`), since the e-invoice needs the buyer's address, and so is
   * one whose name or city is shorter than the 3 characters the e-invoice takes
   * (`einvoice_party_incomplete`, at `/party_id`).
   */
  readonly partyId: Scalars['ID']['input'];
  /**
   * Overrides the place of supply, which is otherwise the party's state. `96` makes the invoice an
   * export (zero-rated: IGST, or none with `under_lut`).
   */
  readonly placeOfSupply?: InputMaybe<Scalars['String']['input']>;
  /**
   * Whether the buyer pays the GST under reverse charge. The tax is computed and shown on the lines
   * and in the totals, but not collected: it is left out of `total`. Only a registered buyer in India
   * can pay it: for a party without GSTIN, or an export, it is a 422 (`reverse_charge_unregistered`,
   * at `/reverse_charge`). A supply to an SEZ is zero-rated, never under reverse charge: a 422
   * (`reverse_charge_sez`, at `/reverse_charge`).
   */
  readonly reverseCharge?: InputMaybe<Scalars['Boolean']['input']>;
  readonly shipTo?: InputMaybe<ShipToInput>;
  /**
   * The customs shipping bill of an export of goods, when it is filed before the invoice is issued;
   * otherwise record it later with `POST /v1/invoices/{id}/shipping_bill`. The e-invoice carries it
   * (`ExpDtls`). Only an export (place of supply `96`) has one: on any other supply it is a 422
   * (`not_an_export`, at `/shipping_bill`).
   */
  readonly shippingBill?: InputMaybe<ShippingBillInput>;
  /**
   * Makes a zero-rated supply (an export, place of supply `96`, or a supply to a party with `sez`)
   * under bond or letter of undertaking, without payment of IGST: the lines keep their rates, but
   * no IGST or cess is charged, and the e-invoice and GSTR-1 report it as such (`EXPWOP`/`SEZWOP`,
   * `WOPAY`/`SEWOP`). On any other supply it is a 422 (`not_zero_rated`, at `/under_lut`).
   */
  readonly underLut?: InputMaybe<Scalars['Boolean']['input']>;
};

/** What `createInvoice` answers: the object, or `null` with the `userErrors` that refused it. */
export type CreateInvoicePayload = {
  readonly __typename?: 'CreateInvoicePayload';
  readonly invoice?: Maybe<Invoice>;
  readonly userErrors: ReadonlyArray<UserError>;
};

/**
 * A new customer or supplier. Give a `gstin` for a registered party (its state follows from it) or leave
 * it out (or `null`) for an unregistered one, which then needs an `address`. Besides the shape checked as
 * 400, these rules answer 422 or 409:
 * - the GSTIN's check character or state code is wrong: 422 `invalid_gstin`;
 * - the address lies in another state than the GSTIN, or abroad: 422 `state_mismatch`;
 * - an unregistered party without address: 422 `address_required`;
 * - an SEZ unit (`sez`) without a GSTIN: 422 `sez_unregistered`;
 * - another party of this account and mode already has this GSTIN: 409 `duplicate_gstin`, with
 *   `existing_id` naming that party.
 */
export type CreatePartyInput = {
  /**
   * Required for an unregistered party; for a registered one it must lie in the GSTIN's state. A
   * customer abroad has an address with its `country`: its state is then `96`, and invoices to it are
   * exports.
   */
  readonly address?: InputMaybe<AddressInput>;
  readonly email?: InputMaybe<Scalars['String']['input']>;
  /** The party's GSTIN; leave it out or send `null` for an unregistered party. */
  readonly gstin?: InputMaybe<Scalars['String']['input']>;
  /** The party's legal name, printed on invoices. */
  readonly name: Scalars['String']['input'];
  /** Digits with optional spaces or hyphens and a leading `+`. */
  readonly phone?: InputMaybe<Scalars['String']['input']>;
  /**
   * Whether the party is a unit or developer in a Special Economic Zone. Only a party with a GSTIN can
   * be one: `true` without a GSTIN is a 422 (`sez_unregistered`, at `/sez`). Supplies to it are
   * zero-rated: taxed as IGST whatever its state, or under a letter of undertaking without IGST.
   */
  readonly sez?: InputMaybe<Scalars['Boolean']['input']>;
  readonly type: PartyType;
};

/** What `createParty` answers: the object, or `null` with the `userErrors` that refused it. */
export type CreatePartyPayload = {
  readonly __typename?: 'CreatePartyPayload';
  readonly party?: Maybe<Party>;
  readonly userErrors: ReadonlyArray<UserError>;
};

/**
 * Money received from a customer, optionally set against its invoices at once. Whatever is not
 * allocated stays on the payment as `unallocated_amount`, to allocate later.
 */
export type CreatePaymentInput = {
  /**
   * Invoices of the same party that this payment settles, 0 to 100 (`MAX_PAYMENT_ALLOCATIONS`). Each
   * lowers the invoice's `balance_due`; their sum may not exceed `amount`.
   */
  readonly allocations?: InputMaybe<ReadonlyArray<PaymentAllocationInput>>;
  /** The amount received, more than 0. */
  readonly amount: Scalars['Decimal']['input'];
  /** When the money was received. Defaults to today in India Standard Time; a date in the future is a 422 (`date_in_future`). */
  readonly date?: InputMaybe<Scalars['String']['input']>;
  readonly mode: PaymentMode;
  /** The customer who paid. No such party in this account and mode is a 422 (`unknown_party`, at `/party_id`). */
  readonly partyId: Scalars['ID']['input'];
  /** The bank's or UPI reference (UTR), the cheque number or similar, 1 to 100 characters (`MAX_PAYMENT_REFERENCE_LENGTH`). */
  readonly reference?: InputMaybe<Scalars['String']['input']>;
};

/** What `createPayment` answers: the object, or `null` with the `userErrors` that refused it. */
export type CreatePaymentPayload = {
  readonly __typename?: 'CreatePaymentPayload';
  readonly payment?: Maybe<Payment>;
  readonly userErrors: ReadonlyArray<UserError>;
};

/**
 * A new product. Besides the shape checked as 400, these rules answer 422 or 409:
 * - a product whose HSN code starts with `99` (a service) must use unit `NA`, and goods must not: 422
 *   `invalid_unit`;
 * - a product in `NA` cannot track stock, and only a product that tracks stock can have an opening stock:
 *   422 `stock_not_allowed`;
 * - an HSN code of chapter `00`: 422 `invalid_hsn`;
 * - a `gst_rate` not in force today (India time), or a non-zero `cess_rate` after compensation cess
 *   ended on 1 February 2026: 422 `rate_not_in_force`;
 * - another product of this account and mode already has this SKU: 409 `duplicate_sku`, with
 *   `existing_id` naming that product.
 */
export type CreateProductInput = {
  readonly allowNegativeStock?: InputMaybe<Scalars['Boolean']['input']>;
  /** Defaults to 0. */
  readonly cessRate?: InputMaybe<Scalars['Decimal']['input']>;
  readonly description?: InputMaybe<Scalars['String']['input']>;
  readonly gstRate: Scalars['Decimal']['input'];
  /** Leave it out (or `null`) when it is not known yet; the product is then `hsn_missing`. */
  readonly hsnCode?: InputMaybe<Scalars['String']['input']>;
  readonly name: Scalars['String']['input'];
  /** The stock you hold now, recorded as the product's first stock movement (`kind` `opening`) when it is not 0. At most three decimals. */
  readonly openingStock?: InputMaybe<Scalars['Decimal']['input']>;
  /** The default price of one unit, before GST. */
  readonly price: Scalars['Decimal']['input'];
  /** The stock at or below which the product counts as low; `null` (the default) for none. */
  readonly reorderLevel?: InputMaybe<Scalars['Decimal']['input']>;
  readonly sku: Scalars['String']['input'];
  /** Defaults to `true`, except for products in `NA` (services), which cannot track stock. */
  readonly trackStock?: InputMaybe<Scalars['Boolean']['input']>;
  readonly unit: Scalars['String']['input'];
};

/** What `createProduct` answers: the object, or `null` with the `userErrors` that refused it. */
export type CreateProductPayload = {
  readonly __typename?: 'CreateProductPayload';
  readonly product?: Maybe<Product>;
  readonly userErrors: ReadonlyArray<UserError>;
};

/**
 * A credit note (GST section 34): it reduces the value and tax of an issued invoice, for goods returned,
 * a discount after the sale, a service that fell short or an overcharge. It has its own number series,
 * consecutive per financial year, and, when its invoice has an IRN, its own IRN (document type `CRN`).
 * It takes the invoice's place of supply, supply type and reverse charge, and its amounts are computed
 * and rounded as an invoice's.
 *
 * Its `total` first settles what is still unpaid on the invoice (`credited_to_party`, which lowers the
 * invoice's `balance_due`); the rest, which the party has already paid, is `refund_due`.
 */
export type CreditNote = Node & {
  readonly __typename?: 'CreditNote';
  /** When the IRP registered the credit note, or `null`. */
  readonly ackDate?: Maybe<Scalars['String']['output']>;
  /** The IRP's acknowledgement number, or `null` without an IRN. */
  readonly ackNo?: Maybe<Scalars['String']['output']>;
  readonly cess: Scalars['Decimal']['output'];
  readonly cgst: Scalars['Decimal']['output'];
  readonly createdAt: Scalars['String']['output'];
  /** The part of `total` set off against the invoice's unpaid balance (added to its `amount_credited`). */
  readonly creditedToParty: Scalars['Decimal']['output'];
  readonly date: Scalars['String']['output'];
  /** The last error of the credit note's registration, as the IRP gave it, or `null`. */
  readonly einvoiceError?: Maybe<EInvoiceError>;
  /**
   * Where the credit note stands with the IRP: `PENDING` while its registration is under way, `FAILED` with
   * `einvoiceError` saying why; `NOT_APPLICABLE` outside e-invoicing.
   */
  readonly einvoiceStatus: EInvoiceStatus;
  readonly id: Scalars['ID']['output'];
  readonly igst: Scalars['Decimal']['output'];
  /** The invoice this note adjusts. Needs `invoices:read`. */
  readonly invoice?: Maybe<Invoice>;
  /** The invoice credited. */
  readonly invoiceId: Scalars['ID']['output'];
  /** The credit note's IRN (document type `CRN`), or `null` when its invoice has none. */
  readonly irn?: Maybe<Scalars['String']['output']>;
  /** The credited lines, 1 to 1,000 (`MAX_INVOICE_ITEMS`). */
  readonly items: ReadonlyArray<CreditNoteItem>;
  /** `true` for live-mode data, `false` for test-mode data. */
  readonly livemode: Scalars['Boolean']['output'];
  /** The credit note's number, in its own series (e.g. `CN/26-27/000001`). */
  readonly number: Scalars['String']['output'];
  readonly object: Scalars['String']['output'];
  /** The invoice's customer. Needs `parties:read`. */
  readonly party?: Maybe<Party>;
  /** The invoice's customer. */
  readonly partyId: Scalars['ID']['output'];
  readonly placeOfSupply: Scalars['String']['output'];
  readonly reason: CreditNoteReason;
  /** The part of `total` beyond the invoice's unpaid balance when the note was issued, which the party had already paid and is owed back. */
  readonly refundDue: Scalars['Decimal']['output'];
  /** Whether the credited units of goods went back into stock. */
  readonly restock: Scalars['Boolean']['output'];
  /** Whether the invoice was under reverse charge; the tax is then shown but left out of `total`. */
  readonly reverseCharge: Scalars['Boolean']['output'];
  /**
   * What rounding added to the note's own value (between −0.99 and 0.99). The notes of an invoice
   * round together: each note's `total` is the value credited by the invoice's notes so far, this one
   * included, rounded half-up to the rupee, less the totals of the notes before it. So the notes of an
   * invoice never add up to more than its `total`, and once all of it is credited they add up to
   * exactly its `total` (notes rounded one by one could exceed it: four returns of 118.50, 118.50,
   * 118.50 and 118.48 against 474.00).
   */
  readonly roundOff: Scalars['Decimal']['output'];
  readonly sgst: Scalars['Decimal']['output'];
  /** How to print `sgst`, as on the invoice. */
  readonly sgstLabel: SgstLabel;
  /** The IRP's signed copy of the credit note's e-invoice (a JWT), or `null` without an IRN. */
  readonly signedInvoice?: Maybe<Scalars['String']['output']>;
  /** The IRP's signed QR code (a JWT), or `null` without an IRN. */
  readonly signedQrCode?: Maybe<Scalars['String']['output']>;
  /** The invoice's supply type, which decides CGST + SGST/UTGST or IGST. */
  readonly supplyType: SupplyType;
  readonly taxableValue: Scalars['Decimal']['output'];
  /** The value credited, a whole number of rupees. */
  readonly total: Scalars['Decimal']['output'];
};

/** A page of CreditNote objects, newest first. */
export type CreditNoteConnection = {
  readonly __typename?: 'CreditNoteConnection';
  readonly edges: ReadonlyArray<CreditNoteEdge>;
  readonly nodes: ReadonlyArray<CreditNote>;
  readonly pageInfo: PageInfo;
};

/** One node of a page of CreditNote objects, with its cursor. */
export type CreditNoteEdge = {
  readonly __typename?: 'CreditNoteEdge';
  readonly cursor: Scalars['String']['output'];
  readonly node: CreditNote;
};

/**
 * One line of a credit note, in the shape of an invoice line: the credited part of an invoice line, with
 * its tax computed on its own at the line's rate and rounded half-up to the paisa. A line credited by
 * value alone has `qty` and `rate` `null`.
 */
export type CreditNoteItem = {
  readonly __typename?: 'CreditNoteItem';
  readonly cess: Scalars['Decimal']['output'];
  readonly cgst: Scalars['Decimal']['output'];
  /** The invoice line's text. */
  readonly description: Scalars['String']['output'];
  /** The share of the invoice line's discount that goes with the credited units (0 for a value-only line). */
  readonly discount: Scalars['Decimal']['output'];
  readonly gstRate: Scalars['Decimal']['output'];
  /** The invoice line's HSN or SAC code; `null` only when the invoice line has none. */
  readonly hsnCode?: Maybe<Scalars['String']['output']>;
  readonly igst: Scalars['Decimal']['output'];
  /** The product of the line, as it is now. Needs `products:read`. */
  readonly product?: Maybe<Product>;
  /** The product of the invoice line. */
  readonly productId: Scalars['ID']['output'];
  /** The units credited, or `null` for a line credited by value alone. */
  readonly qty?: Maybe<Scalars['Decimal']['output']>;
  /** The invoice line's price per unit, or `null` for a line credited by value alone. */
  readonly rate?: Maybe<Scalars['Decimal']['output']>;
  /** SGST, or UTGST when the note's `sgst_label` says so. */
  readonly sgst: Scalars['Decimal']['output'];
  readonly sku: Scalars['String']['output'];
  readonly taxableValue: Scalars['Decimal']['output'];
  /** The line's credited value with its tax (without it under reverse charge). */
  readonly total: Scalars['Decimal']['output'];
  readonly unit: Scalars['String']['output'];
};

/**
 * A line of the invoice to credit, named by its SKU, with either a quantity (`qty`: units returned or
 * not charged, credited at the line's rate, less a proportional share of its discount) or a value
 * (`taxable_value`: an amount off the line's taxable value, with no quantity, as for a discount after
 * the sale), not both. When the invoice has several lines with the SKU, they are credited in line order.
 * Tax is computed on the credited value at the invoice line's GST rate, as on the invoice.
 */
export type CreditNoteItemInput = {
  /**
   * Units to credit. More than the line's quantity not yet credited is a 422
   * (`credit_exceeds_creditable`, at `/items/{i}/qty`).
   */
  readonly qty?: InputMaybe<Scalars['Decimal']['input']>;
  /** The SKU of an invoice line. An SKU not on the invoice is a 422 (`unknown_sku`, at `/items/{i}/sku`). */
  readonly sku: Scalars['String']['input'];
  /**
   * Taxable value to credit, more than 0. More than the line's taxable value not yet credited is a 422
   * (`credit_exceeds_creditable`, at `/items/{i}/taxable_value`).
   */
  readonly taxableValue?: InputMaybe<Scalars['Decimal']['input']>;
};

/** Why a credit note is issued. */
export type CreditNoteReason =
  | 'CORRECTION'
  | 'DEFICIENCY_IN_SERVICE'
  | 'OTHER'
  | 'POST_SALE_DISCOUNT'
  | 'SALES_RETURN';

/**
 * A debit note (GST section 34(3)): it raises the value and tax of an issued invoice, for a price
 * revised upwards, an undercharge or charges billed after the sale. It has its own number series,
 * consecutive per financial year, and, when its invoice has an IRN, its own IRN (document type `DBN`).
 * It takes the invoice's place of supply, supply type and reverse charge, and its amounts are computed
 * as an invoice's: each line's tax half-up to the paisa. Its total rounds to the rupee together with
 * the invoice's and those of the debit notes before it (see `round_off`).
 *
 * Its `total` is added to the invoice's `amount_debited`, and so to its `balance_due`: a paid invoice
 * becomes `partially_paid` again until the party pays the difference. Later credit notes can credit the
 * debited value too.
 */
export type DebitNote = Node & {
  readonly __typename?: 'DebitNote';
  /** When the IRP registered the debit note, or `null`. */
  readonly ackDate?: Maybe<Scalars['String']['output']>;
  /** The IRP's acknowledgement number, or `null` without an IRN. */
  readonly ackNo?: Maybe<Scalars['String']['output']>;
  readonly cess: Scalars['Decimal']['output'];
  readonly cgst: Scalars['Decimal']['output'];
  readonly createdAt: Scalars['String']['output'];
  readonly date: Scalars['String']['output'];
  /** The last error of the debit note's registration, as the IRP gave it, or `null`. */
  readonly einvoiceError?: Maybe<EInvoiceError>;
  /**
   * Where the debit note stands with the IRP: `PENDING` while its registration is under way, `FAILED` with
   * `einvoiceError` saying why; `NOT_APPLICABLE` outside e-invoicing.
   */
  readonly einvoiceStatus: EInvoiceStatus;
  readonly id: Scalars['ID']['output'];
  readonly igst: Scalars['Decimal']['output'];
  /** The invoice this note adjusts. Needs `invoices:read`. */
  readonly invoice?: Maybe<Invoice>;
  /** The invoice debited. */
  readonly invoiceId: Scalars['ID']['output'];
  /** The debit note's IRN (document type `DBN`), or `null` when its invoice has none. */
  readonly irn?: Maybe<Scalars['String']['output']>;
  /** The debited lines, 1 to 1,000 (`MAX_INVOICE_ITEMS`). */
  readonly items: ReadonlyArray<DebitNoteItem>;
  /** `true` for live-mode data, `false` for test-mode data. */
  readonly livemode: Scalars['Boolean']['output'];
  /** The debit note's number, in its own series (e.g. `DN/26-27/000001`). */
  readonly number: Scalars['String']['output'];
  readonly object: Scalars['String']['output'];
  /** The invoice's customer. Needs `parties:read`. */
  readonly party?: Maybe<Party>;
  /** The invoice's customer. */
  readonly partyId: Scalars['ID']['output'];
  readonly placeOfSupply: Scalars['String']['output'];
  readonly reason: DebitNoteReason;
  /** Whether the invoice was under reverse charge; the tax is then shown but left out of `total`. */
  readonly reverseCharge: Scalars['Boolean']['output'];
  /**
   * What rounding added to the note's own value (between −0.99 and 0.99). An invoice and its debit
   * notes round together: each note's `total` is the value billed so far (the invoice's and its
   * debit notes', this one included) rounded half-up to the rupee, less the totals before it. So
   * they never bill more than their lines add up to, rounded once, and credit notes that credit all
   * of it leave nothing to pay (an invoice of 99.50 and a note of 99.50, rounded on their own, would
   * bill 200 for 199.00).
   */
  readonly roundOff: Scalars['Decimal']['output'];
  readonly sgst: Scalars['Decimal']['output'];
  /** How to print `sgst`, as on the invoice. */
  readonly sgstLabel: SgstLabel;
  /** The IRP's signed copy of the debit note's e-invoice (a JWT), or `null` without an IRN. */
  readonly signedInvoice?: Maybe<Scalars['String']['output']>;
  /** The IRP's signed QR code (a JWT), or `null` without an IRN. */
  readonly signedQrCode?: Maybe<Scalars['String']['output']>;
  /** The invoice's supply type, which decides CGST + SGST/UTGST or IGST. */
  readonly supplyType: SupplyType;
  readonly taxableValue: Scalars['Decimal']['output'];
  /** The value debited, a whole number of rupees (e-invoice `TotInvVal`); under reverse charge, without the tax. */
  readonly total: Scalars['Decimal']['output'];
};

/** A page of DebitNote objects, newest first. */
export type DebitNoteConnection = {
  readonly __typename?: 'DebitNoteConnection';
  readonly edges: ReadonlyArray<DebitNoteEdge>;
  readonly nodes: ReadonlyArray<DebitNote>;
  readonly pageInfo: PageInfo;
};

/** One node of a page of DebitNote objects, with its cursor. */
export type DebitNoteEdge = {
  readonly __typename?: 'DebitNoteEdge';
  readonly cursor: Scalars['String']['output'];
  readonly node: DebitNote;
};

/**
 * One line of a debit note: the value added to an invoice line, with its tax computed on its own at the
 * line's rate and rounded half-up to the paisa.
 */
export type DebitNoteItem = {
  readonly __typename?: 'DebitNoteItem';
  readonly cess: Scalars['Decimal']['output'];
  readonly cgst: Scalars['Decimal']['output'];
  /** The invoice line's text. */
  readonly description: Scalars['String']['output'];
  readonly gstRate: Scalars['Decimal']['output'];
  /** The invoice line's HSN or SAC code; `null` only when the invoice line has none. */
  readonly hsnCode?: Maybe<Scalars['String']['output']>;
  readonly igst: Scalars['Decimal']['output'];
  /** The product of the line, as it is now. Needs `products:read`. */
  readonly product?: Maybe<Product>;
  /** The product of the invoice line. */
  readonly productId: Scalars['ID']['output'];
  /** SGST, or UTGST when the note's `sgst_label` says so. */
  readonly sgst: Scalars['Decimal']['output'];
  readonly sku: Scalars['String']['output'];
  /** The taxable value added to the invoice line. */
  readonly taxableValue: Scalars['Decimal']['output'];
  /** The line's added value with its tax (without it under reverse charge). */
  readonly total: Scalars['Decimal']['output'];
  readonly unit: Scalars['String']['output'];
};

/** Why a debit note is issued. */
export type DebitNoteReason =
  | 'ADDITIONAL_CHARGES'
  | 'OTHER'
  | 'PRICE_REVISION'
  | 'UNDERCHARGE';

/** The last error of a document's registration, as the IRP gave it (REST `EInvoiceError`). */
export type EInvoiceError = {
  readonly __typename?: 'EInvoiceError';
  /**
   * The IRP's error code (NIC's, e.g. `2150`), or Bahi's when the IRP gave none: `irp_unavailable`,
   * `irp_outcome_unknown`, `irp_not_configured`.
   */
  readonly code: Scalars['String']['output'];
  /** The IRP's message, or Bahi's. */
  readonly message: Scalars['String']['output'];
};

/**
 * Where a document stands with the Invoice Registration Portal (REST `EInvoiceStatus`):
 * `NOT_APPLICABLE` (outside e-invoicing), `PENDING`, `REGISTERED`, `FAILED`.
 */
export type EInvoiceStatus =
  | 'FAILED'
  | 'NOT_APPLICABLE'
  | 'PENDING'
  | 'REGISTERED';

/**
 * A change that happened, written in the same database transaction as the change itself: nothing is
 * announced that did not happen, and nothing that happened goes unannounced. Events are kept for 30 days
 * (EVENT_RETENTION_DAYS). Webhooks receive this object as the body of their deliveries.
 */
export type Event = Node & {
  readonly __typename?: 'Event';
  readonly createdAt: Scalars['String']['output'];
  readonly data: EventData;
  /** The event's id, also the `webhook-id` of its deliveries; use it to ignore a delivery you have already handled. */
  readonly id: Scalars['ID']['output'];
  /** `true` for a change of live-mode data, `false` for test mode. */
  readonly livemode: Scalars['Boolean']['output'];
  readonly object: Scalars['String']['output'];
  readonly type: Scalars['String']['output'];
};

/** A page of Event objects, newest first. */
export type EventConnection = {
  readonly __typename?: 'EventConnection';
  readonly edges: ReadonlyArray<EventEdge>;
  readonly nodes: ReadonlyArray<Event>;
  readonly pageInfo: PageInfo;
};

/** The changed object an event carries. */
export type EventData = {
  readonly __typename?: 'EventData';
  /** The object right after the change, as the REST API writes it. */
  readonly object: Scalars['JSON']['output'];
};

/** One node of a page of Event objects, with its cursor. */
export type EventEdge = {
  readonly __typename?: 'EventEdge';
  readonly cursor: Scalars['String']['output'];
  readonly node: Event;
};

/** The documents issued in the period, invoices and notes together. */
export type Gstr1DocIssue = {
  readonly __typename?: 'Gstr1DocIssue';
  readonly cancelled: Scalars['Int']['output'];
  readonly issued: Scalars['Int']['output'];
  /** `issued − cancelled`. */
  readonly netIssued: Scalars['Int']['output'];
};

/**
 * The count and amounts of a section summed by key, `b2cs` or `hsn`: its rows added up. The rows are
 * net of the period's credit notes, so these amounts are negative when the period's credit notes
 * exceed its sales in the section.
 */
export type Gstr1NetSectionSummary = {
  readonly __typename?: 'Gstr1NetSectionSummary';
  readonly cess: Scalars['Decimal']['output'];
  readonly cgst: Scalars['Decimal']['output'];
  /** Rows in the section (for `hsn`, in `data`, or in `hsn_b2b` and `hsn_b2c` together). */
  readonly count: Scalars['Int']['output'];
  readonly igst: Scalars['Decimal']['output'];
  readonly sgst: Scalars['Decimal']['output'];
  readonly taxableValue: Scalars['Decimal']['output'];
};

/** A section of documents, its count and amounts (credit and debit notes as positive amounts). */
export type Gstr1SectionSummary = {
  readonly __typename?: 'Gstr1SectionSummary';
  readonly cess: Scalars['Decimal']['output'];
  readonly cgst: Scalars['Decimal']['output'];
  /** Documents in the section. */
  readonly count: Scalars['Int']['output'];
  readonly igst: Scalars['Decimal']['output'];
  readonly sgst: Scalars['Decimal']['output'];
  readonly taxableValue: Scalars['Decimal']['output'];
};

/** The GSTR-1 sections of a period, empty ones included. */
export type Gstr1Sections = {
  readonly __typename?: 'Gstr1Sections';
  readonly b2b: Gstr1SectionSummary;
  readonly b2cl: Gstr1SectionSummary;
  readonly b2cs: Gstr1NetSectionSummary;
  readonly cdnr: Gstr1SectionSummary;
  readonly cdnur: Gstr1SectionSummary;
  readonly exp: Gstr1SectionSummary;
  readonly hsn: Gstr1NetSectionSummary;
};

/**
 * An overview of the GSTR-1 of a month: per section, how many documents (or rows) and their amounts, the
 * document counts of `doc_issue`, and `warnings` about what the portal would reject. The sections are
 * built exactly as in the portal file.
 */
export type Gstr1Summary = {
  readonly __typename?: 'Gstr1Summary';
  /** The documents issued in the period, invoices and notes together. */
  readonly docIssue: Gstr1DocIssue;
  /** The return period, `MMYYYY`. */
  readonly fp: Scalars['String']['output'];
  readonly gstin: Scalars['String']['output'];
  /** `true` for live-mode data, `false` for test-mode data. */
  readonly livemode: Scalars['Boolean']['output'];
  readonly object: Scalars['String']['output'];
  /** Every section, empty ones included (count 0). */
  readonly sections: Gstr1Sections;
  readonly warnings: ReadonlyArray<Gstr1Warning>;
};

/**
 * Something the GST portal would reject or query in this period's file, to fix before uploading. Codes:
 * `hsn_missing` (a line has no HSN code, which the HSN summary needs), `hsn_too_short` (a 4-digit code,
 * where businesses with a turnover above ₹5 crore must give 6), `gstin_invalid` (a buyer GSTIN the
 * portal refuses), `negative_net_value` (a `b2cs` or `hsn` row is negative because the period's credit
 * notes for its key exceed the period's sales; the message names the section and the key, supply type,
 * place of supply and rate or HSN code, unit and rate, and `document_id` is `null`; the portal takes
 * the net value, so check the notes, then upload the row as it is), `shipping_bill_missing` (an export of
 * goods without its shipping bill, which customs needs to refund the IGST paid on it: record it with
 * `POST /v1/invoices/{id}/shipping_bill`). New codes may be added within `/v1`.
 */
export type Gstr1Warning = {
  readonly __typename?: 'Gstr1Warning';
  readonly code: Scalars['String']['output'];
  /** The invoice or credit note concerned, or `null` for a problem of the whole period. */
  readonly documentId?: Maybe<Scalars['ID']['output']>;
  /** What is wrong and how to fix it, for people. */
  readonly message: Scalars['String']['output'];
};

/**
 * A GST tax invoice. Its number is the next in the financial year's series and never changes, even
 * when the invoice is cancelled. The business's state (from its GSTIN) against the place of supply
 * decides the tax: the same state is an intra-state supply, taxed as CGST + SGST (UTGST in a union
 * territory without a legislature); any other place, or an export, is inter-state and taxed as IGST. The
 * e-invoice fields (`irn`, `ack_no`, `ack_date`, `signed_qr_code`, `signed_invoice`) are filled when
 * the invoice is registered with the Invoice Registration Portal, at issue.
 *
 * Amounts: each line's tax is rounded half-up to the paisa, the totals are sums of the rounded lines,
 * and `total` is rounded to the rupee, the difference being `round_off`. Then
 * `balance_due = total + amount_debited − amount_paid − amount_credited`.
 */
export type Invoice = Node & {
  readonly __typename?: 'Invoice';
  /** When the IRP registered the invoice (its `AckDt`, converted from India time to UTC), or `null`. */
  readonly ackDate?: Maybe<Scalars['String']['output']>;
  /** The IRP's acknowledgement number, or `null` without an IRN. */
  readonly ackNo?: Maybe<Scalars['String']['output']>;
  /** The payment allocations to this invoice, oldest first, each with its payment. Needs `payments:read`. */
  readonly allocations?: Maybe<ReadonlyArray<InvoiceAllocation>>;
  /** The part of this invoice's credit notes set off against its unpaid balance (their `credited_to_party`). */
  readonly amountCredited: Scalars['Decimal']['output'];
  /** The sum of the totals of this invoice's debit notes, which the party owes on top of `total`. */
  readonly amountDebited: Scalars['Decimal']['output'];
  /** The sum of the payment allocations to this invoice. */
  readonly amountPaid: Scalars['Decimal']['output'];
  /** `total + amount_debited − amount_paid − amount_credited`; 0 once paid, and 0 for a cancelled invoice. */
  readonly balanceDue: Scalars['Decimal']['output'];
  /** Why and when the invoice was cancelled, or `null`. */
  readonly cancellation?: Maybe<InvoiceCancellation>;
  /** The sum of the lines' compensation cess. */
  readonly cess: Scalars['Decimal']['output'];
  /** The sum of the lines' CGST. */
  readonly cgst: Scalars['Decimal']['output'];
  readonly createdAt: Scalars['String']['output'];
  /** The credit notes against this invoice, newest first. Needs `credit_notes:read`. */
  readonly creditNotes?: Maybe<ReadonlyArray<CreditNote>>;
  /**
   * The customer's party record as it is now (`party` is the snapshot taken at issue).
   * Needs `parties:read`.
   */
  readonly customer?: Maybe<Party>;
  /** The invoice date, which decides its financial year and the GST rates in force. */
  readonly date: Scalars['String']['output'];
  /** The debit notes against this invoice, newest first. Needs `debit_notes:read`. */
  readonly debitNotes?: Maybe<ReadonlyArray<DebitNote>>;
  /**
   * A deemed export (to an Export Oriented Unit, or against an Advance Authorisation or EPCG
   * authorisation): taxed as any other supply, reported as `DEXP` in the e-invoice and `DE` in GSTR-1.
   */
  readonly deemedExport: Scalars['Boolean']['output'];
  /** When payment is due, or `null` (due on receipt). */
  readonly dueDate?: Maybe<Scalars['String']['output']>;
  /**
   * The last error of the invoice's registration, as the IRP gave it; `null` unless `einvoiceStatus` is
   * `FAILED` or a retry is queued.
   */
  readonly einvoiceError?: Maybe<EInvoiceError>;
  /**
   * Where the invoice stands with the IRP: `PENDING` while its registration is under way (the IRN follows,
   * announced by `invoice.einvoice_registered`), `FAILED` with `einvoiceError` saying why.
   */
  readonly einvoiceStatus: EInvoiceStatus;
  readonly id: Scalars['ID']['output'];
  /** The sum of the lines' IGST. */
  readonly igst: Scalars['Decimal']['output'];
  /**
   * The Invoice Reference Number (document type `INV`), or `null` for an invoice outside e-invoicing
   * (a sale to an unregistered buyer in India, or an account not enabled for e-invoicing).
   */
  readonly irn?: Maybe<Scalars['String']['output']>;
  /** The lines, 1 to 1,000 (`MAX_INVOICE_ITEMS`), in the order given. */
  readonly items: ReadonlyArray<InvoiceItem>;
  /** `true` for live-mode data, `false` for test-mode data. */
  readonly livemode: Scalars['Boolean']['output'];
  /** Text printed at the foot of the invoice. */
  readonly notes?: Maybe<Scalars['String']['output']>;
  readonly number: Scalars['String']['output'];
  readonly object: Scalars['String']['output'];
  readonly party: InvoiceParty;
  /** The customer. */
  readonly partyId: Scalars['ID']['output'];
  /** The payments that settle part of this invoice, newest first. Needs `payments:read`. */
  readonly payments?: Maybe<ReadonlyArray<Payment>>;
  readonly placeOfSupply: Scalars['String']['output'];
  /** Whether the buyer pays the GST under reverse charge; the tax is shown but left out of `total`. */
  readonly reverseCharge: Scalars['Boolean']['output'];
  /** `total` less the sum of the lines' totals: what rounding to the rupee added (between −0.49 and 0.50). */
  readonly roundOff: Scalars['Decimal']['output'];
  /**
   * A supply to a unit or developer in a Special Economic Zone (the party's `sez` when the invoice was
   * issued): zero-rated, so `inter_state` (IGST) whatever the place of supply.
   */
  readonly sez: Scalars['Boolean']['output'];
  /** The sum of the lines' SGST or UTGST (see `sgst_label`); always equal to `cgst`. */
  readonly sgst: Scalars['Decimal']['output'];
  /** How to print `sgst`: `UTGST` for an intra-state supply in a union territory without a legislature (04, 26, 31, 35, 38, 97), else `SGST`. */
  readonly sgstLabel: SgstLabel;
  /** Where the goods were delivered, when not to the party's own address; otherwise `null`. */
  readonly shipTo?: Maybe<ShipTo>;
  /**
   * The customs shipping bill of an export of goods, once recorded (at creation or with
   * `POST /v1/invoices/{id}/shipping_bill`), or `null`.
   */
  readonly shippingBill?: Maybe<ShippingBill>;
  /** The IRP's signed copy of the e-invoice, a JWT whose `data` is the registered e-invoice JSON; `null` without an IRN. */
  readonly signedInvoice?: Maybe<Scalars['String']['output']>;
  /**
   * The IRP's signed QR code, to print on the invoice as a QR image: a JWT whose `data` holds the
   * seller and buyer GSTINs, document number, type and date, total, item count, main HSN code, IRN and
   * IRN date. `null` without an IRN.
   */
  readonly signedQrCode?: Maybe<Scalars['String']['output']>;
  readonly status: InvoiceStatus;
  /** `intra_state` (place of supply in the business's state: CGST + SGST/UTGST) or `inter_state` (another state, an export or a supply to an SEZ: IGST). */
  readonly supplyType: SupplyType;
  /** The sum of the lines' taxable values (e-invoice `AssVal`). */
  readonly taxableValue: Scalars['Decimal']['output'];
  /** What the buyer owes, a whole number of rupees (e-invoice `TotInvVal`); under reverse charge, without the tax. */
  readonly total: Scalars['Decimal']['output'];
  /**
   * A zero-rated supply (an export or a supply to an SEZ) under bond or letter of undertaking, without
   * payment of IGST: each line keeps its `gst_rate` and `cess_rate`, and its `igst` and `cess` are 0.
   * Print "supply meant for export (or to an SEZ) under bond or letter of undertaking without payment
   * of integrated tax" on the invoice.
   */
  readonly underLut: Scalars['Boolean']['output'];
};

/** An allocation of a payment to an invoice, seen from the invoice. */
export type InvoiceAllocation = {
  readonly __typename?: 'InvoiceAllocation';
  readonly amount: Scalars['Decimal']['output'];
  /** When the allocation was made. */
  readonly createdAt: Scalars['String']['output'];
  /** The payment. Needs `payments:read` (as the allocations themselves). */
  readonly payment?: Maybe<Payment>;
  readonly paymentId: Scalars['ID']['output'];
};

/** Why and when an invoice was cancelled. */
export type InvoiceCancellation = {
  readonly __typename?: 'InvoiceCancellation';
  readonly cancelledAt: Scalars['String']['output'];
  /** The e-invoice cancellation reason: `1` duplicate, `2` data entry mistake, `3` order cancelled, `4` others. */
  readonly reason: Scalars['String']['output'];
  /** The remark sent with the cancellation. */
  readonly remark: Scalars['String']['output'];
};

/** A page of Invoice objects, newest first. */
export type InvoiceConnection = {
  readonly __typename?: 'InvoiceConnection';
  readonly edges: ReadonlyArray<InvoiceEdge>;
  readonly nodes: ReadonlyArray<Invoice>;
  readonly pageInfo: PageInfo;
};

/** One node of a page of Invoice objects, with its cursor. */
export type InvoiceEdge = {
  readonly __typename?: 'InvoiceEdge';
  readonly cursor: Scalars['String']['output'];
  readonly node: Invoice;
};

/**
 * One line of an invoice, as issued. Its tax is computed on its own: on `taxable_value`, IGST at the
 * full rate for an inter-state supply, or CGST and SGST/UTGST at half the rate each for an intra-state
 * supply, each rounded half-up to the paisa (so `cgst` always equals `sgst`).
 */
export type InvoiceItem = {
  readonly __typename?: 'InvoiceItem';
  /** Compensation cess (only on documents dated before 1 February 2026), else 0. */
  readonly cess: Scalars['Decimal']['output'];
  /** Central GST of an intra-state line (half the rate), else 0. */
  readonly cgst: Scalars['Decimal']['output'];
  /** The line's text (e-invoice `PrdDesc`). */
  readonly description: Scalars['String']['output'];
  /** The discount on the line, in rupees. */
  readonly discount: Scalars['Decimal']['output'];
  readonly gstRate: Scalars['Decimal']['output'];
  /**
   * The product's HSN or SAC code when the invoice was issued (a code starting with `99` is a service).
   * `null` only on a sale to an unregistered buyer of a product without a code.
   */
  readonly hsnCode?: Maybe<Scalars['String']['output']>;
  /** Integrated GST of an inter-state line or an export (the full rate), else 0. */
  readonly igst: Scalars['Decimal']['output'];
  /** The product the line was made from, as it is now. Needs `products:read`. */
  readonly product?: Maybe<Product>;
  /** The product the line was made from. */
  readonly productId: Scalars['ID']['output'];
  readonly qty: Scalars['Decimal']['output'];
  /** The price of one unit before GST. */
  readonly rate: Scalars['Decimal']['output'];
  /** State GST, or UTGST when the invoice's `sgst_label` says so, of an intra-state line (half the rate), else 0. */
  readonly sgst: Scalars['Decimal']['output'];
  readonly sku: Scalars['String']['output'];
  /** Quantity × rate rounded to the paisa, less the discount (e-invoice `AssAmt`). */
  readonly taxableValue: Scalars['Decimal']['output'];
  /** The line's value with its tax; without it under reverse charge, where the buyer pays the tax to the government. */
  readonly total: Scalars['Decimal']['output'];
  readonly unit: Scalars['String']['output'];
};

/**
 * One line of a new invoice: a product named by its SKU, a quantity and a price. The line takes the
 * product's HSN/SAC code and unit as they are when the invoice is issued, and its GST and cess rates
 * as they were on the invoice date (see `rates_effective_from` on the product's update).
 */
export type InvoiceItemInput = {
  /**
   * The line's text on the invoice (e-invoice `PrdDesc`), 1 to 300 characters
   * (`MAX_ITEM_DESCRIPTION_LENGTH`). Defaults to the product's name. On an e-invoiced invoice (a
   * registered buyer or an export) it takes at least 3, as the IRP does: shorter is a 422
   * (`einvoice_item_incomplete`, at `/items/{i}/description`).
   */
  readonly description?: InputMaybe<Scalars['String']['input']>;
  /**
   * A discount on the line in rupees, taken off quantity × rate before tax (e-invoice `Discount`).
   * Defaults to 0; more than quantity × rate is a 422 (`discount_exceeds_gross`).
   */
  readonly discount?: InputMaybe<Scalars['Decimal']['input']>;
  /**
   * How many units, with at most three decimals. For goods that track stock it may not exceed the
   * stock on hand unless the product allows negative stock, and never take it below
   * −9,999,999,999.999 (409 `insufficient_stock`, naming the SKU).
   */
  readonly qty: Scalars['Decimal']['input'];
  /**
   * The price of one unit before GST, in rupees with at most three decimals (e-invoice `UnitPrice`).
   * Defaults to the product's `price` when the invoice is created (Bahi keeps no history of prices,
   * so a back-dated invoice takes today's); a `rate` given wins.
   */
  readonly rate?: InputMaybe<Scalars['Decimal']['input']>;
  /**
   * The product's SKU. No product with this SKU in this account and mode is a 422 (`unknown_sku`); a
   * product without an HSN code on an invoice to a registered buyer is a 422 (`hsn_missing`); a
   * product whose GST rate is not in force on the invoice date is a 422 (`rate_not_in_force`); on an
   * e-invoiced invoice, a line without a `description` whose product's name is shorter than the 3
   * characters the e-invoice's `PrdDesc` takes is a 422 (`einvoice_item_incomplete`). Each names the
   * line as `/items/{i}/sku`.
   */
  readonly sku: Scalars['String']['input'];
};

/**
 * The customer as the invoice names it: a snapshot taken when the invoice was issued. Later changes to
 * the party do not change invoices already issued.
 */
export type InvoiceParty = {
  readonly __typename?: 'InvoiceParty';
  /** The party's billing address, or `null` when a registered party has none on record. */
  readonly address?: Maybe<Address>;
  /** The party's GSTIN, or `null` for an unregistered buyer (a B2C sale, outside e-invoicing). */
  readonly gstin?: Maybe<Scalars['String']['output']>;
  /** The party's legal name (e-invoice `BuyerDtls.LglNm`). */
  readonly name: Scalars['String']['output'];
  /**
   * The party's state when the invoice was issued (from its GSTIN when registered, else from its
   * address: `96` for an address abroad).
   */
  readonly stateCode: Scalars['String']['output'];
};

/** Where an invoice stands (REST `InvoiceStatus`). */
export type InvoiceStatus =
  | 'CANCELLED'
  | 'ISSUED'
  | 'PAID'
  | 'PARTIALLY_PAID';

/**
 * The writes integrators make most, through the same use cases as REST. Each takes `idempotencyKey`,
 * with REST's `Idempotency-Key` semantics: a repeat with the same key and input returns the first
 * answer; the same key with other input is refused (`idempotency_key_reused`); a repeat while the first
 * is still running is refused (`idempotency_request_in_progress`). Refusals of the input come back in
 * `userErrors` with REST's problem codes; the object is then `null`.
 */
export type Mutation = {
  readonly __typename?: 'Mutation';
  readonly cancelInvoice: CancelInvoicePayload;
  readonly createCreditNote: CreateCreditNotePayload;
  readonly createInvoice: CreateInvoicePayload;
  readonly createParty: CreatePartyPayload;
  readonly createPayment: CreatePaymentPayload;
  readonly createProduct: CreateProductPayload;
};


/**
 * The writes integrators make most, through the same use cases as REST. Each takes `idempotencyKey`,
 * with REST's `Idempotency-Key` semantics: a repeat with the same key and input returns the first
 * answer; the same key with other input is refused (`idempotency_key_reused`); a repeat while the first
 * is still running is refused (`idempotency_request_in_progress`). Refusals of the input come back in
 * `userErrors` with REST's problem codes; the object is then `null`.
 */
export type MutationCancelInvoiceArgs = {
  id: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CancelInvoiceInput;
};


/**
 * The writes integrators make most, through the same use cases as REST. Each takes `idempotencyKey`,
 * with REST's `Idempotency-Key` semantics: a repeat with the same key and input returns the first
 * answer; the same key with other input is refused (`idempotency_key_reused`); a repeat while the first
 * is still running is refused (`idempotency_request_in_progress`). Refusals of the input come back in
 * `userErrors` with REST's problem codes; the object is then `null`.
 */
export type MutationCreateCreditNoteArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreateCreditNoteInput;
};


/**
 * The writes integrators make most, through the same use cases as REST. Each takes `idempotencyKey`,
 * with REST's `Idempotency-Key` semantics: a repeat with the same key and input returns the first
 * answer; the same key with other input is refused (`idempotency_key_reused`); a repeat while the first
 * is still running is refused (`idempotency_request_in_progress`). Refusals of the input come back in
 * `userErrors` with REST's problem codes; the object is then `null`.
 */
export type MutationCreateInvoiceArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreateInvoiceInput;
};


/**
 * The writes integrators make most, through the same use cases as REST. Each takes `idempotencyKey`,
 * with REST's `Idempotency-Key` semantics: a repeat with the same key and input returns the first
 * answer; the same key with other input is refused (`idempotency_key_reused`); a repeat while the first
 * is still running is refused (`idempotency_request_in_progress`). Refusals of the input come back in
 * `userErrors` with REST's problem codes; the object is then `null`.
 */
export type MutationCreatePartyArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreatePartyInput;
};


/**
 * The writes integrators make most, through the same use cases as REST. Each takes `idempotencyKey`,
 * with REST's `Idempotency-Key` semantics: a repeat with the same key and input returns the first
 * answer; the same key with other input is refused (`idempotency_key_reused`); a repeat while the first
 * is still running is refused (`idempotency_request_in_progress`). Refusals of the input come back in
 * `userErrors` with REST's problem codes; the object is then `null`.
 */
export type MutationCreatePaymentArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreatePaymentInput;
};


/**
 * The writes integrators make most, through the same use cases as REST. Each takes `idempotencyKey`,
 * with REST's `Idempotency-Key` semantics: a repeat with the same key and input returns the first
 * answer; the same key with other input is refused (`idempotency_key_reused`); a repeat while the first
 * is still running is refused (`idempotency_request_in_progress`). Refusals of the input come back in
 * `userErrors` with REST's problem codes; the object is then `null`.
 */
export type MutationCreateProductArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreateProductInput;
};

/**
 * An object with a Bahi id: the id's prefix names its type (`inv_` an invoice, `pty_` a party, `prd_` a
 * product, `pay_` a payment, `crn_` a credit note, `dbn_` a debit note, `evt_` an event, `whk_` a
 * webhook, `acc_` the account).
 */
export type Node = {
  readonly id: Scalars['ID']['output'];
};

/** How document numbers restart. */
export type NumberReset =
  | 'NEVER'
  | 'YEARLY';

/** Where a page of a connection stands. Pages run forward only, newest first. */
export type PageInfo = {
  readonly __typename?: 'PageInfo';
  /** The cursor to pass as `after` for the next page, or `null` on the last page. */
  readonly endCursor?: Maybe<Scalars['String']['output']>;
  readonly hasNextPage: Scalars['Boolean']['output'];
  /** Always `false`: pages run forward only. */
  readonly hasPreviousPage: Scalars['Boolean']['output'];
  /** The first node's cursor, or `null` on an empty page. */
  readonly startCursor?: Maybe<Scalars['String']['output']>;
};

/**
 * A customer or supplier. A registered party has a GSTIN, and its state is the GSTIN's state; an
 * unregistered party (`gstin: null`, a consumer or a business without GST registration) always has an
 * address, and its state is the address's state. That state is the place of supply of the invoices it
 * receives, which decides between CGST + SGST/UTGST and IGST.
 *
 * Changes to a party apply to documents created afterwards only: every invoice keeps a snapshot of the
 * party as it was when the invoice was issued.
 */
export type Party = Node & {
  readonly __typename?: 'Party';
  /**
   * The party's billing address. Always present for an unregistered party (its state is the party's
   * state, or `96` when it is abroad); optional for a registered party, and then in the GSTIN's state.
   */
  readonly address?: Maybe<Address>;
  readonly createdAt: Scalars['String']['output'];
  /** Where documents for the party may be sent. */
  readonly email?: Maybe<Scalars['String']['output']>;
  /** The party's GSTIN, or `null` for an unregistered party. */
  readonly gstin?: Maybe<Scalars['String']['output']>;
  readonly id: Scalars['ID']['output'];
  /** The party's invoices, newest first, with the filters of `Query.invoices`. Needs `invoices:read`. */
  readonly invoices?: Maybe<InvoiceConnection>;
  /** `true` for live-mode data, `false` for test-mode data. */
  readonly livemode: Scalars['Boolean']['output'];
  /** The party's legal name, printed on invoices (e-invoice `LglNm`). */
  readonly name: Scalars['String']['output'];
  readonly object: Scalars['String']['output'];
  /** A phone number as written by people, digits with optional spaces or hyphens and a leading `+`. */
  readonly phone?: Maybe<Scalars['String']['output']>;
  /**
   * Whether the party is a unit or developer in a Special Economic Zone (always registered). Supplies
   * to it are zero-rated: taxed as IGST whatever its state, or under a letter of undertaking without
   * IGST (an invoice's `under_lut`).
   */
  readonly sez: Scalars['Boolean']['output'];
  /**
   * Read-only. The party's state: the first two digits of its GSTIN when registered, otherwise the state
   * of its address, or `96` (Other Countries) for an address abroad. Invoices to the party take it as
   * their default place of supply, so invoices to a party abroad are exports.
   */
  readonly stateCode: Scalars['String']['output'];
  readonly type: PartyType;
  /** When the party last changed (equal to `created_at` until then). */
  readonly updatedAt: Scalars['String']['output'];
};


/**
 * A customer or supplier. A registered party has a GSTIN, and its state is the GSTIN's state; an
 * unregistered party (`gstin: null`, a consumer or a business without GST registration) always has an
 * address, and its state is the address's state. That state is the place of supply of the invoices it
 * receives, which decides between CGST + SGST/UTGST and IGST.
 *
 * Changes to a party apply to documents created afterwards only: every invoice keeps a snapshot of the
 * party as it was when the invoice was issued.
 */
export type PartyInvoicesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  dateFrom?: InputMaybe<Scalars['String']['input']>;
  dateTo?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  overdue?: InputMaybe<Scalars['Boolean']['input']>;
  status?: InputMaybe<InvoiceStatus>;
};

/** A page of Party objects, newest first. */
export type PartyConnection = {
  readonly __typename?: 'PartyConnection';
  readonly edges: ReadonlyArray<PartyEdge>;
  readonly nodes: ReadonlyArray<Party>;
  readonly pageInfo: PageInfo;
};

/** One node of a page of Party objects, with its cursor. */
export type PartyEdge = {
  readonly __typename?: 'PartyEdge';
  readonly cursor: Scalars['String']['output'];
  readonly node: Party;
};

/** `CUSTOMER` (you sell to it) or `SUPPLIER` (you buy from it). */
export type PartyType =
  | 'CUSTOMER'
  | 'SUPPLIER';

/**
 * Money received from a customer. Allocations set it against the party's invoices, each lowering an
 * invoice's `balance_due`; the rest is `unallocated_amount`, an advance to allocate later.
 */
export type Payment = Node & {
  readonly __typename?: 'Payment';
  /** The invoices this payment settles, oldest allocation first; at most 100 (`MAX_PAYMENT_ALLOCATIONS`). */
  readonly allocations: ReadonlyArray<PaymentAllocation>;
  /** The amount received. */
  readonly amount: Scalars['Decimal']['output'];
  readonly createdAt: Scalars['String']['output'];
  /** When the money was received. */
  readonly date: Scalars['String']['output'];
  readonly id: Scalars['ID']['output'];
  /** `true` for live-mode data, `false` for test-mode data. */
  readonly livemode: Scalars['Boolean']['output'];
  readonly mode: PaymentMode;
  readonly object: Scalars['String']['output'];
  /** The customer who paid. Needs `parties:read`. */
  readonly party?: Maybe<Party>;
  /** The customer who paid. */
  readonly partyId: Scalars['ID']['output'];
  /** The bank's or UPI reference, the cheque number or similar, or `null`. */
  readonly reference?: Maybe<Scalars['String']['output']>;
  /** `amount` less the allocations: what is left to allocate. */
  readonly unallocatedAmount: Scalars['Decimal']['output'];
};

/** A part of a payment set against one invoice. */
export type PaymentAllocation = {
  readonly __typename?: 'PaymentAllocation';
  readonly amount: Scalars['Decimal']['output'];
  /** When the allocation was made. */
  readonly createdAt: Scalars['String']['output'];
  /** The invoice this allocation settles. Needs `invoices:read`. */
  readonly invoice?: Maybe<Invoice>;
  readonly invoiceId: Scalars['ID']['output'];
};

/** A part of a payment to set against one invoice. */
export type PaymentAllocationInput = {
  /**
   * How much of the payment goes to the invoice, more than 0. More than the invoice's `balance_due` is
   * a 422 (`allocation_exceeds_balance`); allocations adding up to more than the payment's unallocated
   * amount are a 422 (`allocation_exceeds_payment`). Both name `/allocations/{i}/amount`.
   */
  readonly amount: Scalars['Decimal']['input'];
  /**
   * The invoice. No such invoice in this account and mode is a 422 (`unknown_invoice`); an invoice of
   * another party is a 422 (`invoice_of_other_party`); a cancelled invoice is a 409
   * (`invoice_cancelled`); the same invoice twice in one request is a 422 (`duplicate_allocation`).
   * Each names the field as `/allocations/{i}/invoice_id`.
   */
  readonly invoiceId: Scalars['ID']['input'];
};

/** A page of Payment objects, newest first. */
export type PaymentConnection = {
  readonly __typename?: 'PaymentConnection';
  readonly edges: ReadonlyArray<PaymentEdge>;
  readonly nodes: ReadonlyArray<Payment>;
  readonly pageInfo: PageInfo;
};

/** One node of a page of Payment objects, with its cursor. */
export type PaymentEdge = {
  readonly __typename?: 'PaymentEdge';
  readonly cursor: Scalars['String']['output'];
  readonly node: Payment;
};

/** How the money came in. */
export type PaymentMode =
  | 'BANK_TRANSFER'
  | 'CARD'
  | 'CASH'
  | 'CHEQUE'
  | 'OTHER'
  | 'UPI';

/** The account's plan. */
export type Plan =
  | 'ENTERPRISE'
  | 'FREE'
  | 'GROWTH';

/**
 * Goods or a service that you sell, with the defaults its invoice lines take: price, GST rate, HSN/SAC
 * code and unit. A product whose HSN code starts with `99` is a service: it is measured in `NA` and
 * carries no stock. Goods track stock unless `track_stock` is `false`; every change of their stock is a
 * stock movement, and `stock_on_hand` is the sum of them.
 *
 * Changes to a product apply to documents created afterwards only: invoice lines keep a snapshot of the
 * product as it was when the invoice was issued.
 */
export type Product = Node & {
  readonly __typename?: 'Product';
  /** Whether stock may fall below zero, down to −9,999,999,999.999. When `false`, a decrease that would take `stock_on_hand` below zero is refused (409 `insufficient_stock`); an increase is always made, up to 9,999,999,999.999 (409 `stock_above_maximum`). */
  readonly allowNegativeStock: Scalars['Boolean']['output'];
  readonly cessRate: Scalars['Decimal']['output'];
  readonly createdAt: Scalars['String']['output'];
  /** A longer description for people; not printed on GST documents. */
  readonly description?: Maybe<Scalars['String']['output']>;
  readonly gstRate: Scalars['Decimal']['output'];
  /** The HSN or SAC code, or `null` when it is not known yet (see `hsn_missing`). */
  readonly hsnCode?: Maybe<Scalars['String']['output']>;
  /**
   * Read-only: `true` when `hsn_code` is `null`, as after an import of a sheet without HSN codes. Every
   * e-invoice line and the GSTR-1 HSN summary need a code, so set one before invoicing the product.
   */
  readonly hsnMissing: Scalars['Boolean']['output'];
  readonly id: Scalars['ID']['output'];
  /** `true` for live-mode data, `false` for test-mode data. */
  readonly livemode: Scalars['Boolean']['output'];
  /** The product's name, printed on invoice lines (e-invoice `PrdDesc`). */
  readonly name: Scalars['String']['output'];
  readonly object: Scalars['String']['output'];
  /** The default price of one unit, before GST. */
  readonly price: Scalars['Decimal']['output'];
  /**
   * The date from which `gst_rate` and `cess_rate` apply (the `rates_effective_from` of their last
   * change), or `null` when they have not changed since the product was created. Invoices dated
   * before it take the rates in force before it, which `GET /v1/products/{id}/rate_history` lists; a
   * later change of rates cannot be dated before it (422 `rates_out_of_order`).
   */
  readonly ratesEffectiveFrom?: Maybe<Scalars['String']['output']>;
  /**
   * The stock at or below which the product counts as low: when a movement takes `stock_on_hand` from
   * above this level to at or below it, Bahi sends a `product.stock_low` event. `null`: no level.
   */
  readonly reorderLevel?: Maybe<Scalars['Decimal']['output']>;
  readonly sku: Scalars['String']['output'];
  /**
   * Read-only: the stock now, the sum of all stock movements. It changes only through movements (opening
   * stock, adjustments, invoices, cancellations, credit notes and imports), never through an update.
   * A product that does not track stock keeps the value it had when tracking stopped (0 for services).
   */
  readonly stockOnHand: Scalars['Decimal']['output'];
  /** Whether invoices, credit notes and adjustments move this product's stock. Always `false` for services and products in `NA`. */
  readonly trackStock: Scalars['Boolean']['output'];
  readonly unit: Scalars['String']['output'];
  /** When the product's own fields last changed (stock movements do not change it). */
  readonly updatedAt: Scalars['String']['output'];
};

/** A page of Product objects, newest first. */
export type ProductConnection = {
  readonly __typename?: 'ProductConnection';
  readonly edges: ReadonlyArray<ProductEdge>;
  readonly nodes: ReadonlyArray<Product>;
  readonly pageInfo: PageInfo;
};

/** One node of a page of Product objects, with its cursor. */
export type ProductEdge = {
  readonly __typename?: 'ProductEdge';
  readonly cursor: Scalars['String']['output'];
  readonly node: Product;
};

/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type Query = {
  readonly __typename?: 'Query';
  /** The business profile of the key's account. */
  readonly account: Account;
  readonly creditNote?: Maybe<CreditNote>;
  readonly creditNotes: CreditNoteConnection;
  readonly debitNote?: Maybe<DebitNote>;
  readonly debitNotes: DebitNoteConnection;
  readonly event?: Maybe<Event>;
  readonly events: EventConnection;
  /** The GSTR-1 overview of a month (`MMYYYY` or `YYYY-MM`), as REST's `format=summary`. */
  readonly gstr1Summary: Gstr1Summary;
  readonly invoice?: Maybe<Invoice>;
  readonly invoices: InvoiceConnection;
  /** Any object by its id; `null` when this account and mode has none (or the key lacks its scope). */
  readonly node?: Maybe<Node>;
  readonly parties: PartyConnection;
  readonly party?: Maybe<Party>;
  readonly payment?: Maybe<Payment>;
  readonly payments: PaymentConnection;
  readonly product?: Maybe<Product>;
  readonly products: ProductConnection;
  readonly webhook?: Maybe<Webhook>;
  readonly webhooks: WebhookConnection;
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryCreditNoteArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryCreditNotesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  dateFrom?: InputMaybe<Scalars['String']['input']>;
  dateTo?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  invoiceId?: InputMaybe<Scalars['ID']['input']>;
  partyId?: InputMaybe<Scalars['ID']['input']>;
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryDebitNoteArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryDebitNotesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  dateFrom?: InputMaybe<Scalars['String']['input']>;
  dateTo?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  invoiceId?: InputMaybe<Scalars['ID']['input']>;
  partyId?: InputMaybe<Scalars['ID']['input']>;
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryEventArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  createdGte?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryGstr1SummaryArgs = {
  period: Scalars['String']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryInvoiceArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryInvoicesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  dateFrom?: InputMaybe<Scalars['String']['input']>;
  dateTo?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  number?: InputMaybe<Scalars['String']['input']>;
  overdue?: InputMaybe<Scalars['Boolean']['input']>;
  partyId?: InputMaybe<Scalars['ID']['input']>;
  status?: InputMaybe<InvoiceStatus>;
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryPartiesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  gstin?: InputMaybe<Scalars['String']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<PartyType>;
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryPartyArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryPaymentArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryPaymentsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  dateFrom?: InputMaybe<Scalars['String']['input']>;
  dateTo?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  invoiceId?: InputMaybe<Scalars['ID']['input']>;
  partyId?: InputMaybe<Scalars['ID']['input']>;
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryProductArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  hsnMissing?: InputMaybe<Scalars['Boolean']['input']>;
  lowStock?: InputMaybe<Scalars['Boolean']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryWebhookArgs = {
  id: Scalars['ID']['input'];
};


/**
 * What can be read. Lists are Relay connections, newest first: `first` is 1 to 100 (`MAX_PAGE_SIZE`,
 * default 20) and `after` a cursor from `pageInfo.endCursor`; their other arguments are the REST
 * list's filters.
 */
export type QueryWebhooksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** How to print `sgst`. */
export type SgstLabel =
  | 'SGST'
  | 'UTGST';

/**
 * Where the goods of an invoice are delivered when it is not the buyer's own address: a "bill to one,
 * ship to another" supply (another branch, a warehouse, the buyer's customer). The e-invoice carries
 * it as `ShipDtls`. The place of supply stays the buyer's state (section 10(1)(b) of the IGST Act),
 * unless the invoice's `place_of_supply` says otherwise.
 */
export type ShipTo = {
  readonly __typename?: 'ShipTo';
  readonly address: Address;
  /** The consignee's GSTIN, or `null` when it is not registered. */
  readonly gstin?: Maybe<Scalars['String']['output']>;
  /** The consignee's legal name (e-invoice `ShipDtls.LglNm`). */
  readonly name: Scalars['String']['output'];
};

/**
 * Where the goods are delivered, when not to the party's own address. A wrong GSTIN is a 422
 * (`invalid_gstin`, at `/ship_to/gstin`), an address outside the GSTIN's state a 422 (`state_mismatch`,
 * at `/ship_to/address/state_code` or `/ship_to/address/country`), and on an e-invoiced supply a city
 * shorter than the IRP takes a 422 (`einvoice_party_incomplete`, at `/ship_to/address/city`).
 */
export type ShipToInput = {
  readonly address: AddressInput;
  /** The consignee's GSTIN; leave it out or send `null` when it is not registered. */
  readonly gstin?: InputMaybe<Scalars['String']['input']>;
  /** The consignee's legal name. */
  readonly name: Scalars['String']['input'];
};

/**
 * The customs shipping bill of an export of goods. GSTR-1 reports it with the export (`exp`: `sbpcode`,
 * `sbnum`, `sbdt`), and customs refunds the IGST paid on an export only once the return's shipping bill
 * matches its own records. It is usually filed after the invoice: record it with
 * `POST /v1/invoices/{id}/shipping_bill`, or give it when the invoice is created (the e-invoice then
 * carries it too, as `ExpDtls`).
 */
export type ShippingBill = {
  readonly __typename?: 'ShippingBill';
  /**
   * The shipping bill's date: not before the invoice's date (422 `shipping_bill_before_invoice`) and
   * not after today in India (422 `date_in_future`).
   */
  readonly date: Scalars['String']['output'];
  /** The shipping bill's number, 3 to 7 digits. */
  readonly number: Scalars['String']['output'];
  /** The six-character customs code of the port of export, such as `INNSA1` (Nhava Sheva) or `INMAA1` (Chennai). */
  readonly portCode: Scalars['String']['output'];
};

/**
 * The customs shipping bill of an export of goods. GSTR-1 reports it with the export (`exp`: `sbpcode`,
 * `sbnum`, `sbdt`), and customs refunds the IGST paid on an export only once the return's shipping bill
 * matches its own records. It is usually filed after the invoice: record it with
 * `POST /v1/invoices/{id}/shipping_bill`, or give it when the invoice is created (the e-invoice then
 * carries it too, as `ExpDtls`).
 */
export type ShippingBillInput = {
  /**
   * The shipping bill's date: not before the invoice's date (422 `shipping_bill_before_invoice`) and
   * not after today in India (422 `date_in_future`).
   */
  readonly date: Scalars['String']['input'];
  /** The shipping bill's number, 3 to 7 digits. */
  readonly number: Scalars['String']['input'];
  /** The six-character customs code of the port of export, such as `INNSA1` (Nhava Sheva) or `INMAA1` (Chennai). */
  readonly portCode: Scalars['String']['input'];
};

/** `PAUSED` accounts can read everything but cannot write live-mode data. */
export type SubscriptionStatus =
  | 'ACTIVE'
  | 'PAUSED';

/** `INTRA_STATE` (CGST + SGST/UTGST) or `INTER_STATE` (IGST). */
export type SupplyType =
  | 'INTER_STATE'
  | 'INTRA_STATE';

/**
 * A refusal of a mutation's input, as REST would answer it: `code` is the REST problem's `code`
 * (`validation_failed` fields have their own codes, as REST's `errors[].code`), `field` the path to
 * the input field concerned (REST's `pointer`, camelCased) or `null` for the whole request.
 */
export type UserError = {
  readonly __typename?: 'UserError';
  readonly code: Scalars['String']['output'];
  readonly field?: Maybe<ReadonlyArray<Scalars['String']['output']>>;
  readonly message: Scalars['String']['output'];
};

/**
 * A subscription: Bahi POSTs each event of the listed types to `url`, signed with the webhook's secret
 * as the Standard Webhooks specification describes. The secret is shown once, when the webhook is
 * created or its secret rotated.
 */
export type Webhook = Node & {
  readonly __typename?: 'Webhook';
  readonly createdAt: Scalars['String']['output'];
  /** A label for people. */
  readonly description?: Maybe<Scalars['String']['output']>;
  /**
   * Why a webhook is disabled: `manual` (an update set `enabled: false`) or `failing` (every delivery
   * failed for about three days); `null` when enabled.
   */
  readonly disabledReason?: Maybe<WebhookDisabledReason>;
  readonly events: ReadonlyArray<Scalars['String']['output']>;
  readonly id: Scalars['ID']['output'];
  /** `true` for a live-mode webhook, which receives live-mode events; `false` for test mode. */
  readonly livemode: Scalars['Boolean']['output'];
  readonly object: Scalars['String']['output'];
  /**
   * The signing secret, `whsec_` followed by 32 random bytes in base64. Present only in the answers to
   * create and rotate: store it then, as it cannot be shown again. Standard Webhooks libraries take it
   * as it is.
   */
  readonly secret?: Maybe<Scalars['String']['output']>;
  /** `enabled` webhooks receive events; `disabled` ones receive nothing until enabled again. */
  readonly status: WebhookStatus;
  /** When the webhook last changed (its secret rotated included). */
  readonly updatedAt: Scalars['String']['output'];
  readonly url: Scalars['String']['output'];
};

/** A page of Webhook objects, newest first. */
export type WebhookConnection = {
  readonly __typename?: 'WebhookConnection';
  readonly edges: ReadonlyArray<WebhookEdge>;
  readonly nodes: ReadonlyArray<Webhook>;
  readonly pageInfo: PageInfo;
};

/** Why a webhook is disabled. */
export type WebhookDisabledReason =
  | 'FAILING'
  | 'MANUAL';

/** One node of a page of Webhook objects, with its cursor. */
export type WebhookEdge = {
  readonly __typename?: 'WebhookEdge';
  readonly cursor: Scalars['String']['output'];
  readonly node: Webhook;
};

/** Whether a webhook receives events. */
export type WebhookStatus =
  | 'DISABLED'
  | 'ENABLED';



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;




/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = {
  Node:
    | ( AccountRest )
    | ( CreditNoteRest )
    | ( DebitNoteRest )
    | ( EventRest )
    | ( InvoiceRest )
    | ( PartyRest )
    | ( PaymentRest )
    | ( ProductRest )
    | ( WebhookRest )
  ;
};

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Account: ResolverTypeWrapper<AccountRest>;
  Address: ResolverTypeWrapper<Address>;
  AddressInput: AddressInput;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  CancelInvoiceInput: CancelInvoiceInput;
  CancelInvoicePayload: ResolverTypeWrapper<Omit<CancelInvoicePayload, 'invoice'> & { invoice?: Maybe<ResolversTypes['Invoice']> }>;
  CreateCreditNoteInput: CreateCreditNoteInput;
  CreateCreditNotePayload: ResolverTypeWrapper<Omit<CreateCreditNotePayload, 'creditNote'> & { creditNote?: Maybe<ResolversTypes['CreditNote']> }>;
  CreateInvoiceInput: CreateInvoiceInput;
  CreateInvoicePayload: ResolverTypeWrapper<Omit<CreateInvoicePayload, 'invoice'> & { invoice?: Maybe<ResolversTypes['Invoice']> }>;
  CreatePartyInput: CreatePartyInput;
  CreatePartyPayload: ResolverTypeWrapper<Omit<CreatePartyPayload, 'party'> & { party?: Maybe<ResolversTypes['Party']> }>;
  CreatePaymentInput: CreatePaymentInput;
  CreatePaymentPayload: ResolverTypeWrapper<Omit<CreatePaymentPayload, 'payment'> & { payment?: Maybe<ResolversTypes['Payment']> }>;
  CreateProductInput: CreateProductInput;
  CreateProductPayload: ResolverTypeWrapper<Omit<CreateProductPayload, 'product'> & { product?: Maybe<ResolversTypes['Product']> }>;
  CreditNote: ResolverTypeWrapper<CreditNoteRest>;
  CreditNoteConnection: ResolverTypeWrapper<CreditNotePageRest>;
  CreditNoteEdge: ResolverTypeWrapper<Omit<CreditNoteEdge, 'node'> & { node: ResolversTypes['CreditNote'] }>;
  CreditNoteItem: ResolverTypeWrapper<CreditNoteItemRest>;
  CreditNoteItemInput: CreditNoteItemInput;
  CreditNoteReason: CreditNoteReason;
  DebitNote: ResolverTypeWrapper<DebitNoteRest>;
  DebitNoteConnection: ResolverTypeWrapper<DebitNotePageRest>;
  DebitNoteEdge: ResolverTypeWrapper<Omit<DebitNoteEdge, 'node'> & { node: ResolversTypes['DebitNote'] }>;
  DebitNoteItem: ResolverTypeWrapper<DebitNoteItemRest>;
  DebitNoteReason: DebitNoteReason;
  Decimal: ResolverTypeWrapper<Scalars['Decimal']['output']>;
  EInvoiceError: ResolverTypeWrapper<EInvoiceError>;
  EInvoiceStatus: EInvoiceStatus;
  Event: ResolverTypeWrapper<EventRest>;
  EventConnection: ResolverTypeWrapper<EventPageRest>;
  EventData: ResolverTypeWrapper<EventData>;
  EventEdge: ResolverTypeWrapper<Omit<EventEdge, 'node'> & { node: ResolversTypes['Event'] }>;
  Gstr1DocIssue: ResolverTypeWrapper<Gstr1DocIssue>;
  Gstr1NetSectionSummary: ResolverTypeWrapper<Gstr1NetSectionSummary>;
  Gstr1SectionSummary: ResolverTypeWrapper<Gstr1SectionSummary>;
  Gstr1Sections: ResolverTypeWrapper<Gstr1Sections>;
  Gstr1Summary: ResolverTypeWrapper<Gstr1SummaryRest>;
  Gstr1Warning: ResolverTypeWrapper<Gstr1Warning>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Invoice: ResolverTypeWrapper<InvoiceRest>;
  InvoiceAllocation: ResolverTypeWrapper<InvoiceAllocationRest>;
  InvoiceCancellation: ResolverTypeWrapper<InvoiceCancellation>;
  InvoiceConnection: ResolverTypeWrapper<InvoicePageRest>;
  InvoiceEdge: ResolverTypeWrapper<Omit<InvoiceEdge, 'node'> & { node: ResolversTypes['Invoice'] }>;
  InvoiceItem: ResolverTypeWrapper<InvoiceItemRest>;
  InvoiceItemInput: InvoiceItemInput;
  InvoiceParty: ResolverTypeWrapper<InvoiceParty>;
  InvoiceStatus: InvoiceStatus;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Node: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Node']>;
  NumberReset: NumberReset;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Party: ResolverTypeWrapper<PartyRest>;
  PartyConnection: ResolverTypeWrapper<PartyPageRest>;
  PartyEdge: ResolverTypeWrapper<Omit<PartyEdge, 'node'> & { node: ResolversTypes['Party'] }>;
  PartyType: PartyType;
  Payment: ResolverTypeWrapper<PaymentRest>;
  PaymentAllocation: ResolverTypeWrapper<PaymentAllocationRest>;
  PaymentAllocationInput: PaymentAllocationInput;
  PaymentConnection: ResolverTypeWrapper<PaymentPageRest>;
  PaymentEdge: ResolverTypeWrapper<Omit<PaymentEdge, 'node'> & { node: ResolversTypes['Payment'] }>;
  PaymentMode: PaymentMode;
  Plan: Plan;
  Product: ResolverTypeWrapper<ProductRest>;
  ProductConnection: ResolverTypeWrapper<ProductPageRest>;
  ProductEdge: ResolverTypeWrapper<Omit<ProductEdge, 'node'> & { node: ResolversTypes['Product'] }>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  SgstLabel: SgstLabel;
  ShipTo: ResolverTypeWrapper<ShipTo>;
  ShipToInput: ShipToInput;
  ShippingBill: ResolverTypeWrapper<ShippingBill>;
  ShippingBillInput: ShippingBillInput;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  SubscriptionStatus: SubscriptionStatus;
  SupplyType: SupplyType;
  UserError: ResolverTypeWrapper<UserError>;
  Webhook: ResolverTypeWrapper<WebhookRest>;
  WebhookConnection: ResolverTypeWrapper<WebhookPageRest>;
  WebhookDisabledReason: WebhookDisabledReason;
  WebhookEdge: ResolverTypeWrapper<Omit<WebhookEdge, 'node'> & { node: ResolversTypes['Webhook'] }>;
  WebhookStatus: WebhookStatus;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Account: AccountRest;
  Address: Address;
  AddressInput: AddressInput;
  Boolean: Scalars['Boolean']['output'];
  CancelInvoiceInput: CancelInvoiceInput;
  CancelInvoicePayload: Omit<CancelInvoicePayload, 'invoice'> & { invoice?: Maybe<ResolversParentTypes['Invoice']> };
  CreateCreditNoteInput: CreateCreditNoteInput;
  CreateCreditNotePayload: Omit<CreateCreditNotePayload, 'creditNote'> & { creditNote?: Maybe<ResolversParentTypes['CreditNote']> };
  CreateInvoiceInput: CreateInvoiceInput;
  CreateInvoicePayload: Omit<CreateInvoicePayload, 'invoice'> & { invoice?: Maybe<ResolversParentTypes['Invoice']> };
  CreatePartyInput: CreatePartyInput;
  CreatePartyPayload: Omit<CreatePartyPayload, 'party'> & { party?: Maybe<ResolversParentTypes['Party']> };
  CreatePaymentInput: CreatePaymentInput;
  CreatePaymentPayload: Omit<CreatePaymentPayload, 'payment'> & { payment?: Maybe<ResolversParentTypes['Payment']> };
  CreateProductInput: CreateProductInput;
  CreateProductPayload: Omit<CreateProductPayload, 'product'> & { product?: Maybe<ResolversParentTypes['Product']> };
  CreditNote: CreditNoteRest;
  CreditNoteConnection: CreditNotePageRest;
  CreditNoteEdge: Omit<CreditNoteEdge, 'node'> & { node: ResolversParentTypes['CreditNote'] };
  CreditNoteItem: CreditNoteItemRest;
  CreditNoteItemInput: CreditNoteItemInput;
  DebitNote: DebitNoteRest;
  DebitNoteConnection: DebitNotePageRest;
  DebitNoteEdge: Omit<DebitNoteEdge, 'node'> & { node: ResolversParentTypes['DebitNote'] };
  DebitNoteItem: DebitNoteItemRest;
  Decimal: Scalars['Decimal']['output'];
  EInvoiceError: EInvoiceError;
  Event: EventRest;
  EventConnection: EventPageRest;
  EventData: EventData;
  EventEdge: Omit<EventEdge, 'node'> & { node: ResolversParentTypes['Event'] };
  Gstr1DocIssue: Gstr1DocIssue;
  Gstr1NetSectionSummary: Gstr1NetSectionSummary;
  Gstr1SectionSummary: Gstr1SectionSummary;
  Gstr1Sections: Gstr1Sections;
  Gstr1Summary: Gstr1SummaryRest;
  Gstr1Warning: Gstr1Warning;
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  Invoice: InvoiceRest;
  InvoiceAllocation: InvoiceAllocationRest;
  InvoiceCancellation: InvoiceCancellation;
  InvoiceConnection: InvoicePageRest;
  InvoiceEdge: Omit<InvoiceEdge, 'node'> & { node: ResolversParentTypes['Invoice'] };
  InvoiceItem: InvoiceItemRest;
  InvoiceItemInput: InvoiceItemInput;
  InvoiceParty: InvoiceParty;
  JSON: Scalars['JSON']['output'];
  Mutation: Record<PropertyKey, never>;
  Node: ResolversInterfaceTypes<ResolversParentTypes>['Node'];
  PageInfo: PageInfo;
  Party: PartyRest;
  PartyConnection: PartyPageRest;
  PartyEdge: Omit<PartyEdge, 'node'> & { node: ResolversParentTypes['Party'] };
  Payment: PaymentRest;
  PaymentAllocation: PaymentAllocationRest;
  PaymentAllocationInput: PaymentAllocationInput;
  PaymentConnection: PaymentPageRest;
  PaymentEdge: Omit<PaymentEdge, 'node'> & { node: ResolversParentTypes['Payment'] };
  Product: ProductRest;
  ProductConnection: ProductPageRest;
  ProductEdge: Omit<ProductEdge, 'node'> & { node: ResolversParentTypes['Product'] };
  Query: Record<PropertyKey, never>;
  ShipTo: ShipTo;
  ShipToInput: ShipToInput;
  ShippingBill: ShippingBill;
  ShippingBillInput: ShippingBillInput;
  String: Scalars['String']['output'];
  UserError: UserError;
  Webhook: WebhookRest;
  WebhookConnection: WebhookPageRest;
  WebhookEdge: Omit<WebhookEdge, 'node'> & { node: ResolversParentTypes['Webhook'] };
};

export type CostDirectiveArgs = {
  weight: Scalars['String']['input'];
};

export type CostDirectiveResolver<Result, Parent, ContextType = GraphContext, Args = CostDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type ListSizeDirectiveArgs = {
  assumedSize?: Maybe<Scalars['Int']['input']>;
  requireOneSlicingArgument?: Maybe<Scalars['Boolean']['input']>;
  sizedFields?: Maybe<ReadonlyArray<Scalars['String']['input']>>;
  slicingArguments?: Maybe<ReadonlyArray<Scalars['String']['input']>>;
};

export type ListSizeDirectiveResolver<Result, Parent, ContextType = GraphContext, Args = ListSizeDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type OperationDirectiveArgs = {
  id: Scalars['String']['input'];
};

export type OperationDirectiveResolver<Result, Parent, ContextType = GraphContext, Args = OperationDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type AccountResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Account'] = ResolversParentTypes['Account']> = {
  address?: Resolver<ResolversTypes['Address'], ParentType, ContextType>;
  booksClosedThrough?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  creditNoteNumberFormat?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  debitNoteNumberFormat?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  gstin?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invoiceNumberFormat?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  legalName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  numberReset?: Resolver<ResolversTypes['NumberReset'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  pan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['Plan'], ParentType, ContextType>;
  stateCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subscriptionStatus?: Resolver<ResolversTypes['SubscriptionStatus'], ParentType, ContextType>;
  tradeName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AddressResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Address'] = ResolversParentTypes['Address']> = {
  city?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  line1?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  line2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pin?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  postalCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  stateCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CancelInvoicePayloadResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CancelInvoicePayload'] = ResolversParentTypes['CancelInvoicePayload']> = {
  invoice?: Resolver<Maybe<ResolversTypes['Invoice']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreateCreditNotePayloadResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CreateCreditNotePayload'] = ResolversParentTypes['CreateCreditNotePayload']> = {
  creditNote?: Resolver<Maybe<ResolversTypes['CreditNote']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreateInvoicePayloadResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CreateInvoicePayload'] = ResolversParentTypes['CreateInvoicePayload']> = {
  invoice?: Resolver<Maybe<ResolversTypes['Invoice']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreatePartyPayloadResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CreatePartyPayload'] = ResolversParentTypes['CreatePartyPayload']> = {
  party?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreatePaymentPayloadResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CreatePaymentPayload'] = ResolversParentTypes['CreatePaymentPayload']> = {
  payment?: Resolver<Maybe<ResolversTypes['Payment']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreateProductPayloadResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CreateProductPayload'] = ResolversParentTypes['CreateProductPayload']> = {
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  userErrors?: Resolver<ReadonlyArray<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type CreditNoteResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CreditNote'] = ResolversParentTypes['CreditNote']> = {
  ackDate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ackNo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cess?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  creditedToParty?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  einvoiceError?: Resolver<Maybe<ResolversTypes['EInvoiceError']>, ParentType, ContextType>;
  einvoiceStatus?: Resolver<ResolversTypes['EInvoiceStatus'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  igst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  invoice?: Resolver<Maybe<ResolversTypes['Invoice']>, ParentType, ContextType>;
  invoiceId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  irn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  items?: Resolver<ReadonlyArray<ResolversTypes['CreditNoteItem']>, ParentType, ContextType>;
  livemode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  number?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  party?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType>;
  partyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  placeOfSupply?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['CreditNoteReason'], ParentType, ContextType>;
  refundDue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  restock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  reverseCharge?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  roundOff?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sgstLabel?: Resolver<ResolversTypes['SgstLabel'], ParentType, ContextType>;
  signedInvoice?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  signedQrCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  supplyType?: Resolver<ResolversTypes['SupplyType'], ParentType, ContextType>;
  taxableValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type CreditNoteConnectionResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CreditNoteConnection'] = ResolversParentTypes['CreditNoteConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['CreditNoteEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['CreditNote']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type CreditNoteEdgeResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CreditNoteEdge'] = ResolversParentTypes['CreditNoteEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['CreditNote'], ParentType, ContextType>;
};

export type CreditNoteItemResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['CreditNoteItem'] = ResolversParentTypes['CreditNoteItem']> = {
  cess?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  discount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  gstRate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  hsnCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  igst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  qty?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  rate?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  sgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  taxableValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type DebitNoteResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['DebitNote'] = ResolversParentTypes['DebitNote']> = {
  ackDate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ackNo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cess?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  einvoiceError?: Resolver<Maybe<ResolversTypes['EInvoiceError']>, ParentType, ContextType>;
  einvoiceStatus?: Resolver<ResolversTypes['EInvoiceStatus'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  igst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  invoice?: Resolver<Maybe<ResolversTypes['Invoice']>, ParentType, ContextType>;
  invoiceId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  irn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  items?: Resolver<ReadonlyArray<ResolversTypes['DebitNoteItem']>, ParentType, ContextType>;
  livemode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  number?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  party?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType>;
  partyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  placeOfSupply?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['DebitNoteReason'], ParentType, ContextType>;
  reverseCharge?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  roundOff?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sgstLabel?: Resolver<ResolversTypes['SgstLabel'], ParentType, ContextType>;
  signedInvoice?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  signedQrCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  supplyType?: Resolver<ResolversTypes['SupplyType'], ParentType, ContextType>;
  taxableValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type DebitNoteConnectionResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['DebitNoteConnection'] = ResolversParentTypes['DebitNoteConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['DebitNoteEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['DebitNote']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type DebitNoteEdgeResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['DebitNoteEdge'] = ResolversParentTypes['DebitNoteEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['DebitNote'], ParentType, ContextType>;
};

export type DebitNoteItemResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['DebitNoteItem'] = ResolversParentTypes['DebitNoteItem']> = {
  cess?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  gstRate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  hsnCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  igst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  sgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  taxableValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface DecimalScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Decimal'], any> {
  name: 'Decimal';
}

export type EInvoiceErrorResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['EInvoiceError'] = ResolversParentTypes['EInvoiceError']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type EventResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Event'] = ResolversParentTypes['Event']> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  data?: Resolver<ResolversTypes['EventData'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  livemode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type EventConnectionResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['EventConnection'] = ResolversParentTypes['EventConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['EventEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Event']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type EventDataResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['EventData'] = ResolversParentTypes['EventData']> = {
  object?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
};

export type EventEdgeResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['EventEdge'] = ResolversParentTypes['EventEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Event'], ParentType, ContextType>;
};

export type Gstr1DocIssueResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Gstr1DocIssue'] = ResolversParentTypes['Gstr1DocIssue']> = {
  cancelled?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  issued?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  netIssued?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type Gstr1NetSectionSummaryResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Gstr1NetSectionSummary'] = ResolversParentTypes['Gstr1NetSectionSummary']> = {
  cess?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  igst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  taxableValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
};

export type Gstr1SectionSummaryResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Gstr1SectionSummary'] = ResolversParentTypes['Gstr1SectionSummary']> = {
  cess?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  igst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  taxableValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
};

export type Gstr1SectionsResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Gstr1Sections'] = ResolversParentTypes['Gstr1Sections']> = {
  b2b?: Resolver<ResolversTypes['Gstr1SectionSummary'], ParentType, ContextType>;
  b2cl?: Resolver<ResolversTypes['Gstr1SectionSummary'], ParentType, ContextType>;
  b2cs?: Resolver<ResolversTypes['Gstr1NetSectionSummary'], ParentType, ContextType>;
  cdnr?: Resolver<ResolversTypes['Gstr1SectionSummary'], ParentType, ContextType>;
  cdnur?: Resolver<ResolversTypes['Gstr1SectionSummary'], ParentType, ContextType>;
  exp?: Resolver<ResolversTypes['Gstr1SectionSummary'], ParentType, ContextType>;
  hsn?: Resolver<ResolversTypes['Gstr1NetSectionSummary'], ParentType, ContextType>;
};

export type Gstr1SummaryResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Gstr1Summary'] = ResolversParentTypes['Gstr1Summary']> = {
  docIssue?: Resolver<ResolversTypes['Gstr1DocIssue'], ParentType, ContextType>;
  fp?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  gstin?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  livemode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sections?: Resolver<ResolversTypes['Gstr1Sections'], ParentType, ContextType>;
  warnings?: Resolver<ReadonlyArray<ResolversTypes['Gstr1Warning']>, ParentType, ContextType>;
};

export type Gstr1WarningResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Gstr1Warning'] = ResolversParentTypes['Gstr1Warning']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  documentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvoiceResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Invoice'] = ResolversParentTypes['Invoice']> = {
  ackDate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ackNo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  allocations?: Resolver<Maybe<ReadonlyArray<ResolversTypes['InvoiceAllocation']>>, ParentType, ContextType>;
  amountCredited?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  amountDebited?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  amountPaid?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  balanceDue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cancellation?: Resolver<Maybe<ResolversTypes['InvoiceCancellation']>, ParentType, ContextType>;
  cess?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  creditNotes?: Resolver<Maybe<ReadonlyArray<ResolversTypes['CreditNote']>>, ParentType, ContextType>;
  customer?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType>;
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  debitNotes?: Resolver<Maybe<ReadonlyArray<ResolversTypes['DebitNote']>>, ParentType, ContextType>;
  deemedExport?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  dueDate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  einvoiceError?: Resolver<Maybe<ResolversTypes['EInvoiceError']>, ParentType, ContextType>;
  einvoiceStatus?: Resolver<ResolversTypes['EInvoiceStatus'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  igst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  irn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  items?: Resolver<ReadonlyArray<ResolversTypes['InvoiceItem']>, ParentType, ContextType>;
  livemode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  notes?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  number?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  party?: Resolver<ResolversTypes['InvoiceParty'], ParentType, ContextType>;
  partyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  payments?: Resolver<Maybe<ReadonlyArray<ResolversTypes['Payment']>>, ParentType, ContextType>;
  placeOfSupply?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reverseCharge?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  roundOff?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sez?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sgstLabel?: Resolver<ResolversTypes['SgstLabel'], ParentType, ContextType>;
  shipTo?: Resolver<Maybe<ResolversTypes['ShipTo']>, ParentType, ContextType>;
  shippingBill?: Resolver<Maybe<ResolversTypes['ShippingBill']>, ParentType, ContextType>;
  signedInvoice?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  signedQrCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['InvoiceStatus'], ParentType, ContextType>;
  supplyType?: Resolver<ResolversTypes['SupplyType'], ParentType, ContextType>;
  taxableValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  underLut?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type InvoiceAllocationResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['InvoiceAllocation'] = ResolversParentTypes['InvoiceAllocation']> = {
  amount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  payment?: Resolver<Maybe<ResolversTypes['Payment']>, ParentType, ContextType>;
  paymentId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type InvoiceCancellationResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['InvoiceCancellation'] = ResolversParentTypes['InvoiceCancellation']> = {
  cancelledAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  remark?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvoiceConnectionResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['InvoiceConnection'] = ResolversParentTypes['InvoiceConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['InvoiceEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Invoice']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type InvoiceEdgeResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['InvoiceEdge'] = ResolversParentTypes['InvoiceEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Invoice'], ParentType, ContextType>;
};

export type InvoiceItemResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['InvoiceItem'] = ResolversParentTypes['InvoiceItem']> = {
  cess?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  cgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  discount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  gstRate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  hsnCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  igst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  qty?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  rate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sgst?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  taxableValue?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvoicePartyResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['InvoiceParty'] = ResolversParentTypes['InvoiceParty']> = {
  address?: Resolver<Maybe<ResolversTypes['Address']>, ParentType, ContextType>;
  gstin?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  stateCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MutationResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  cancelInvoice?: Resolver<ResolversTypes['CancelInvoicePayload'], ParentType, ContextType, RequireFields<MutationCancelInvoiceArgs, 'id' | 'input'>>;
  createCreditNote?: Resolver<ResolversTypes['CreateCreditNotePayload'], ParentType, ContextType, RequireFields<MutationCreateCreditNoteArgs, 'input'>>;
  createInvoice?: Resolver<ResolversTypes['CreateInvoicePayload'], ParentType, ContextType, RequireFields<MutationCreateInvoiceArgs, 'input'>>;
  createParty?: Resolver<ResolversTypes['CreatePartyPayload'], ParentType, ContextType, RequireFields<MutationCreatePartyArgs, 'input'>>;
  createPayment?: Resolver<ResolversTypes['CreatePaymentPayload'], ParentType, ContextType, RequireFields<MutationCreatePaymentArgs, 'input'>>;
  createProduct?: Resolver<ResolversTypes['CreateProductPayload'], ParentType, ContextType, RequireFields<MutationCreateProductArgs, 'input'>>;
};

export type NodeResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = {
  __resolveType: TypeResolveFn<'Account' | 'CreditNote' | 'DebitNote' | 'Event' | 'Invoice' | 'Party' | 'Payment' | 'Product' | 'Webhook', ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PartyResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Party'] = ResolversParentTypes['Party']> = {
  address?: Resolver<Maybe<ResolversTypes['Address']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  gstin?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invoices?: Resolver<Maybe<ResolversTypes['InvoiceConnection']>, ParentType, ContextType, RequireFields<PartyInvoicesArgs, 'first'>>;
  livemode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sez?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  stateCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PartyType'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PartyConnectionResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['PartyConnection'] = ResolversParentTypes['PartyConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['PartyEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Party']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartyEdgeResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['PartyEdge'] = ResolversParentTypes['PartyEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Party'], ParentType, ContextType>;
};

export type PaymentResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Payment'] = ResolversParentTypes['Payment']> = {
  allocations?: Resolver<ReadonlyArray<ResolversTypes['PaymentAllocation']>, ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  livemode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  mode?: Resolver<ResolversTypes['PaymentMode'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  party?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType>;
  partyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  reference?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unallocatedAmount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PaymentAllocationResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['PaymentAllocation'] = ResolversParentTypes['PaymentAllocation']> = {
  amount?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  invoice?: Resolver<Maybe<ResolversTypes['Invoice']>, ParentType, ContextType>;
  invoiceId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type PaymentConnectionResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['PaymentConnection'] = ResolversParentTypes['PaymentConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['PaymentEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Payment']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PaymentEdgeResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['PaymentEdge'] = ResolversParentTypes['PaymentEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Payment'], ParentType, ContextType>;
};

export type ProductResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Product'] = ResolversParentTypes['Product']> = {
  allowNegativeStock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  cessRate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  gstRate?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  hsnCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hsnMissing?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  livemode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  ratesEffectiveFrom?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reorderLevel?: Resolver<Maybe<ResolversTypes['Decimal']>, ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  stockOnHand?: Resolver<ResolversTypes['Decimal'], ParentType, ContextType>;
  trackStock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ProductConnectionResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['ProductConnection'] = ResolversParentTypes['ProductConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['ProductEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Product']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type ProductEdgeResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['ProductEdge'] = ResolversParentTypes['ProductEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Product'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  account?: Resolver<ResolversTypes['Account'], ParentType, ContextType>;
  creditNote?: Resolver<Maybe<ResolversTypes['CreditNote']>, ParentType, ContextType, RequireFields<QueryCreditNoteArgs, 'id'>>;
  creditNotes?: Resolver<ResolversTypes['CreditNoteConnection'], ParentType, ContextType, RequireFields<QueryCreditNotesArgs, 'first'>>;
  debitNote?: Resolver<Maybe<ResolversTypes['DebitNote']>, ParentType, ContextType, RequireFields<QueryDebitNoteArgs, 'id'>>;
  debitNotes?: Resolver<ResolversTypes['DebitNoteConnection'], ParentType, ContextType, RequireFields<QueryDebitNotesArgs, 'first'>>;
  event?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType, RequireFields<QueryEventArgs, 'id'>>;
  events?: Resolver<ResolversTypes['EventConnection'], ParentType, ContextType, RequireFields<QueryEventsArgs, 'first'>>;
  gstr1Summary?: Resolver<ResolversTypes['Gstr1Summary'], ParentType, ContextType, RequireFields<QueryGstr1SummaryArgs, 'period'>>;
  invoice?: Resolver<Maybe<ResolversTypes['Invoice']>, ParentType, ContextType, RequireFields<QueryInvoiceArgs, 'id'>>;
  invoices?: Resolver<ResolversTypes['InvoiceConnection'], ParentType, ContextType, RequireFields<QueryInvoicesArgs, 'first'>>;
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'id'>>;
  parties?: Resolver<ResolversTypes['PartyConnection'], ParentType, ContextType, RequireFields<QueryPartiesArgs, 'first'>>;
  party?: Resolver<Maybe<ResolversTypes['Party']>, ParentType, ContextType, RequireFields<QueryPartyArgs, 'id'>>;
  payment?: Resolver<Maybe<ResolversTypes['Payment']>, ParentType, ContextType, RequireFields<QueryPaymentArgs, 'id'>>;
  payments?: Resolver<ResolversTypes['PaymentConnection'], ParentType, ContextType, RequireFields<QueryPaymentsArgs, 'first'>>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryProductArgs, 'id'>>;
  products?: Resolver<ResolversTypes['ProductConnection'], ParentType, ContextType, RequireFields<QueryProductsArgs, 'first'>>;
  webhook?: Resolver<Maybe<ResolversTypes['Webhook']>, ParentType, ContextType, RequireFields<QueryWebhookArgs, 'id'>>;
  webhooks?: Resolver<ResolversTypes['WebhookConnection'], ParentType, ContextType, RequireFields<QueryWebhooksArgs, 'first'>>;
};

export type ShipToResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['ShipTo'] = ResolversParentTypes['ShipTo']> = {
  address?: Resolver<ResolversTypes['Address'], ParentType, ContextType>;
  gstin?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ShippingBillResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['ShippingBill'] = ResolversParentTypes['ShippingBill']> = {
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  number?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  portCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type UserErrorResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['UserError'] = ResolversParentTypes['UserError']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  field?: Resolver<Maybe<ReadonlyArray<ResolversTypes['String']>>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WebhookResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['Webhook'] = ResolversParentTypes['Webhook']> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  disabledReason?: Resolver<Maybe<ResolversTypes['WebhookDisabledReason']>, ParentType, ContextType>;
  events?: Resolver<ReadonlyArray<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  livemode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  object?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  secret?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['WebhookStatus'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type WebhookConnectionResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['WebhookConnection'] = ResolversParentTypes['WebhookConnection']> = {
  edges?: Resolver<ReadonlyArray<ResolversTypes['WebhookEdge']>, ParentType, ContextType>;
  nodes?: Resolver<ReadonlyArray<ResolversTypes['Webhook']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type WebhookEdgeResolvers<ContextType = GraphContext, ParentType extends ResolversParentTypes['WebhookEdge'] = ResolversParentTypes['WebhookEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Webhook'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GraphContext> = {
  Account?: AccountResolvers<ContextType>;
  Address?: AddressResolvers<ContextType>;
  CancelInvoicePayload?: CancelInvoicePayloadResolvers<ContextType>;
  CreateCreditNotePayload?: CreateCreditNotePayloadResolvers<ContextType>;
  CreateInvoicePayload?: CreateInvoicePayloadResolvers<ContextType>;
  CreatePartyPayload?: CreatePartyPayloadResolvers<ContextType>;
  CreatePaymentPayload?: CreatePaymentPayloadResolvers<ContextType>;
  CreateProductPayload?: CreateProductPayloadResolvers<ContextType>;
  CreditNote?: CreditNoteResolvers<ContextType>;
  CreditNoteConnection?: CreditNoteConnectionResolvers<ContextType>;
  CreditNoteEdge?: CreditNoteEdgeResolvers<ContextType>;
  CreditNoteItem?: CreditNoteItemResolvers<ContextType>;
  DebitNote?: DebitNoteResolvers<ContextType>;
  DebitNoteConnection?: DebitNoteConnectionResolvers<ContextType>;
  DebitNoteEdge?: DebitNoteEdgeResolvers<ContextType>;
  DebitNoteItem?: DebitNoteItemResolvers<ContextType>;
  Decimal?: GraphQLScalarType;
  EInvoiceError?: EInvoiceErrorResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  EventConnection?: EventConnectionResolvers<ContextType>;
  EventData?: EventDataResolvers<ContextType>;
  EventEdge?: EventEdgeResolvers<ContextType>;
  Gstr1DocIssue?: Gstr1DocIssueResolvers<ContextType>;
  Gstr1NetSectionSummary?: Gstr1NetSectionSummaryResolvers<ContextType>;
  Gstr1SectionSummary?: Gstr1SectionSummaryResolvers<ContextType>;
  Gstr1Sections?: Gstr1SectionsResolvers<ContextType>;
  Gstr1Summary?: Gstr1SummaryResolvers<ContextType>;
  Gstr1Warning?: Gstr1WarningResolvers<ContextType>;
  Invoice?: InvoiceResolvers<ContextType>;
  InvoiceAllocation?: InvoiceAllocationResolvers<ContextType>;
  InvoiceCancellation?: InvoiceCancellationResolvers<ContextType>;
  InvoiceConnection?: InvoiceConnectionResolvers<ContextType>;
  InvoiceEdge?: InvoiceEdgeResolvers<ContextType>;
  InvoiceItem?: InvoiceItemResolvers<ContextType>;
  InvoiceParty?: InvoicePartyResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  Mutation?: MutationResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Party?: PartyResolvers<ContextType>;
  PartyConnection?: PartyConnectionResolvers<ContextType>;
  PartyEdge?: PartyEdgeResolvers<ContextType>;
  Payment?: PaymentResolvers<ContextType>;
  PaymentAllocation?: PaymentAllocationResolvers<ContextType>;
  PaymentConnection?: PaymentConnectionResolvers<ContextType>;
  PaymentEdge?: PaymentEdgeResolvers<ContextType>;
  Product?: ProductResolvers<ContextType>;
  ProductConnection?: ProductConnectionResolvers<ContextType>;
  ProductEdge?: ProductEdgeResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ShipTo?: ShipToResolvers<ContextType>;
  ShippingBill?: ShippingBillResolvers<ContextType>;
  UserError?: UserErrorResolvers<ContextType>;
  Webhook?: WebhookResolvers<ContextType>;
  WebhookConnection?: WebhookConnectionResolvers<ContextType>;
  WebhookEdge?: WebhookEdgeResolvers<ContextType>;
};

export type DirectiveResolvers<ContextType = GraphContext> = {
  cost?: CostDirectiveResolver<any, any, ContextType>;
  listSize?: ListSizeDirectiveResolver<any, any, ContextType>;
  operation?: OperationDirectiveResolver<any, any, ContextType>;
};
