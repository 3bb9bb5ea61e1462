// Every business table leads its keys and indexes with (account_id, livemode) so that the data can
// be distributed by account (Citus) once one PostgreSQL server is outgrown.
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
/** Rupees with paise. */
const money = (name: string) => numeric(name, { precision: 15, scale: 2 });
/** Quantities and unit prices: up to 13 digits before the point and 3 after, read back as strings. */
const decimal3 = (name: string) => numeric(name, { precision: 16, scale: 3 });
const tenant = {
  accountId: text("account_id").notNull(),
  livemode: boolean("livemode").notNull(),
  id: text("id").notNull(),
};

// Invoices and credit notes are the same kind of tax document: they share these columns, as the
// GST rules that fill them are the same (gst.md).

/**
 * The serial the number drew from its series and the account's format it was written in. GSTR-1
 * Table 13 reports each series from its first number to its last: the number's text alone says
 * neither where `{SEQ}` sits in it nor, once the format's width changes, which number came first.
 * Documents written before these columns have the number's trailing digits as `seq` (0 when none)
 * and the number with those digits as `{SEQ}` as `number_format`.
 */
const seriesPosition = () => ({
  seq: integer("seq").notNull(),
  numberFormat: text("number_format").notNull(),
});

/** Where the supply goes, which taxes it bears, and the document's totals. */
const documentTax = () => ({
  placeOfSupply: text("place_of_supply").notNull(),
  supplyType: text("supply_type", { enum: ["intra_state", "inter_state"] }).notNull(),
  reverseCharge: boolean("reverse_charge").notNull(),
  sgstLabel: text("sgst_label", { enum: ["SGST", "UTGST"] }).notNull(),
  taxableValue: money("taxable_value").notNull(),
  cgst: money("cgst").notNull(),
  sgst: money("sgst").notNull(),
  igst: money("igst").notNull(),
  cess: money("cess").notNull(),
  roundOff: money("round_off").notNull(),
  total: money("total").notNull(),
});

/** What the IRP answered for the document; null outside e-invoicing. */
const irpRegistration = () => ({
  irn: text("irn"),
  ackNo: text("ack_no"),
  ackDate: timestamp("ack_date", { withTimezone: true, mode: "date" }),
  signedQrCode: text("signed_qr_code"),
  signedInvoice: text("signed_invoice"),
});

/** One line's amounts and taxes, each rounded to the paisa. */
const lineTax = () => ({
  gross: money("gross").notNull(),
  discount: money("discount").notNull(),
  taxableValue: money("taxable_value").notNull(),
  gstRate: decimal3("gst_rate").notNull(),
  cessRate: decimal3("cess_rate").notNull(),
  cgst: money("cgst").notNull(),
  sgst: money("sgst").notNull(),
  igst: money("igst").notNull(),
  cess: money("cess").notNull(),
  total: money("total").notNull(),
});

export const accounts = pgTable("accounts", {
  id: text("id").primaryKey(),
  legalName: text("legal_name").notNull(),
  tradeName: text("trade_name"),
  gstin: text("gstin").notNull(),
  pan: text("pan").notNull(),
  stateCode: text("state_code").notNull(),
  addressLine1: text("address_line1").notNull(),
  addressLine2: text("address_line2"),
  city: text("city").notNull(),
  pin: text("pin").notNull(),
  plan: text("plan", { enum: ["free", "growth", "enterprise"] }).notNull(),
  subscriptionStatus: text("subscription_status", { enum: ["active", "paused"] }).notNull(),
  invoiceNumberFormat: text("invoice_number_format").notNull().default("INV/{FY:short}/{SEQ:6}"),
  creditNoteNumberFormat: text("credit_note_number_format").notNull().default("CN/{FY:short}/{SEQ:6}"),
  debitNoteNumberFormat: text("debit_note_number_format").notNull().default("DN/{FY:short}/{SEQ:6}"),
  numberReset: text("number_reset", { enum: ["yearly", "never"] })
    .notNull()
    .default("yearly"),
  booksClosedThrough: text("books_closed_through"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    livemode: boolean("livemode").notNull(),
    id: text("id").notNull(),
    name: text("name"),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    /** Hex SHA-256 of the secret: keys carry 256 random bits, so a fast hash cannot be inverted. */
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes").array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("api_keys_secret_hash_key").on(t.secretHash),
  ],
);

export const parties = pgTable(
  "parties",
  {
    ...tenant,
    type: text("type", { enum: ["customer", "supplier"] }).notNull(),
    name: text("name").notNull(),
    gstin: text("gstin"),
    /** A unit or developer in a Special Economic Zone: supplies to it are zero-rated. */
    sez: boolean("sez").notNull().default(false),
    stateCode: text("state_code").notNull(),
    email: text("email"),
    phone: text("phone"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    addressStateCode: text("address_state_code"),
    pin: text("pin"),
    /** Set for an address abroad (ISO 3166-1 alpha-2), which has a postal code instead of a state and PIN. */
    country: text("country"),
    postalCode: text("postal_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("parties_gstin_key").on(t.accountId, t.livemode, t.gstin).where(sql`${t.gstin} is not null`),
    index("parties_type_idx").on(t.accountId, t.livemode, t.type, t.id),
    // `q` finds a name containing the text: by trigram, not by reading every party (on lower(name),
    // as products_search_idx is).
    index("parties_search_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const products = pgTable(
  "products",
  {
    ...tenant,
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    price: decimal3("price").notNull(),
    gstRate: decimal3("gst_rate").notNull(),
    cessRate: decimal3("cess_rate").notNull().default("0"),
    /** When the current rates took effect (their last change's); null if unchanged since creation. */
    ratesEffectiveFrom: date("rates_effective_from", { mode: "string" }),
    hsnCode: text("hsn_code"),
    unit: text("unit").notNull(),
    trackStock: boolean("track_stock").notNull(),
    allowNegativeStock: boolean("allow_negative_stock").notNull().default(false),
    reorderLevel: decimal3("reorder_level"),
    /** The sum of the product's stock movements, kept in the same transaction as each movement. */
    stockOnHand: decimal3("stock_on_hand").notNull().default("0"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("products_sku_key").on(t.accountId, t.livemode, t.sku),
    index("products_hsn_missing_idx").on(t.accountId, t.livemode, t.id).where(sql`${t.hsnCode} is null`),
    // The products that can run low, not those that have: an index whose predicate named the stock
    // made every change of stock a non-HOT update, adding an entry to each of the table's indexes
    // (every sale, for each product sold), which every lookup of the product then had to step over.
    index("products_reorder_level_idx")
      .on(t.accountId, t.livemode, t.id)
      .where(sql`${t.trackStock} and ${t.reorderLevel} is not null`),
    // `q` finds a name or SKU containing the text: by trigram, not by reading every product. On
    // lower(…), not the columns: pg_trgm answers `=` too, and PostgreSQL then found SKUs through
    // this index instead of products_sku_key (12 s for an import's batch of SKUs).
    index("products_search_idx").using(
      "gin",
      sql`lower(${t.name}) gin_trgm_ops`,
      sql`lower(${t.sku}) gin_trgm_ops`,
    ),
  ],
);

/**
 * A product's rates before each change of them: the rates that applied to documents dated before
 * `valid_until` (and on or after the previous entry's). The product's own columns hold the rates in
 * force since its last change; an invoice takes those of its date.
 */
export const productRateHistory = pgTable(
  "product_rate_history",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    productId: text("product_id").notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    gstRate: decimal3("gst_rate").notNull(),
    cessRate: decimal3("cess_rate").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.productId, t.validUntil] }),
    foreignKey({
      name: "product_rate_history_product_fk",
      columns: [t.accountId, t.livemode, t.productId],
      foreignColumns: [products.accountId, products.livemode, products.id],
    }),
  ],
);

export const stockMovements = pgTable(
  "stock_movements",
  {
    ...tenant,
    productId: text("product_id").notNull(),
    quantity: decimal3("quantity").notNull(),
    kind: text("kind", {
      enum: ["opening", "adjustment", "invoice", "invoice_cancel", "credit_note", "import"],
    }).notNull(),
    reason: text("reason"),
    note: text("note"),
    sourceId: text("source_id"),
    stockAfter: decimal3("stock_after").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    index("stock_movements_product_idx").on(t.accountId, t.livemode, t.productId, t.id),
    // A cancel or a credit note finds the movements of its invoice: without this, the account's whole
    // history of movements.
    index("stock_movements_source_idx")
      .on(t.accountId, t.livemode, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
    foreignKey({
      name: "stock_movements_product_fk",
      columns: [t.accountId, t.livemode, t.productId],
      foreignColumns: [products.accountId, products.livemode, products.id],
    }),
  ],
);

/** The transactional outbox: written in the same transaction as the change it announces. */
export const events = pgTable(
  "events",
  {
    ...tenant,
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    index("events_type_idx").on(t.accountId, t.livemode, t.type, t.id),
  ],
);

/** Answers to POSTs with an Idempotency-Key, stored in the transaction that made them. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and canonical body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    responseStatus: integer("response_status").notNull(),
    /** The answer's JSON, sealed when it carries a secret shown once (a new API key's, a webhook's). */
    responseBody: text("response_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
  ],
);

/** The last serial number issued per document series and period (`2026-27`, or `all` when numbering never resets). */
export const documentSeries = pgTable(
  "document_series",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    kind: text("kind", { enum: ["invoice", "credit_note", "debit_note"] }).notNull(),
    period: text("period").notNull(),
    lastSeq: integer("last_seq").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.livemode, t.kind, t.period] })],
);

export const invoices = pgTable(
  "invoices",
  {
    ...tenant,
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    ...seriesPosition(),
    date: date("date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }),
    status: text("status", { enum: ["issued", "partially_paid", "paid", "cancelled"] }).notNull(),
    partyId: text("party_id").notNull(),
    /** The party as it was when the invoice was issued; later edits of the party do not reach it. */
    party: jsonb("party").notNull(),
    /** Where the goods were delivered, when not to the party's own address (bill to one, ship to another). */
    shipTo: jsonb("ship_to"),
    ...documentTax(),
    /** The party was an SEZ unit when the invoice was issued: a zero-rated supply. */
    sez: boolean("sez").notNull().default(false),
    /** A zero-rated supply under bond or letter of undertaking: no IGST or cess charged. */
    underLut: boolean("under_lut").notNull().default(false),
    /** A deemed export (to an EOU, or against an Advance Authorisation or EPCG): taxed as usual. */
    deemedExport: boolean("deemed_export").notNull().default(false),
    amountPaid: money("amount_paid").notNull().default("0"),
    amountCredited: money("amount_credited").notNull().default("0"),
    amountDebited: money("amount_debited").notNull().default("0"),
    ...irpRegistration(),
    /**
     * The INV-01 document exactly as it was sent to the IRP: `json` keeps its text, key order
     * included, where `jsonb` would reorder the keys (and cost a parse into its binary form on write).
     */
    einvoice: json("einvoice"),
    /** An export's customs shipping bill (the contract's ShippingBill), often recorded after issue. */
    shippingBill: jsonb("shipping_bill"),
    cancellation: jsonb("cancellation"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("invoices_number_key").on(t.accountId, t.livemode, t.financialYear, t.number),
    index("invoices_number_idx").on(t.accountId, t.livemode, t.number),
    index("invoices_status_idx").on(t.accountId, t.livemode, t.status, t.id),
    index("invoices_party_idx").on(t.accountId, t.livemode, t.partyId, t.id),
    index("invoices_date_idx").on(t.accountId, t.livemode, t.date, t.id),
  ],
);

export const invoiceItems = pgTable(
  "invoice_items",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    invoiceId: text("invoice_id").notNull(),
    lineNo: integer("line_no").notNull(),
    productId: text("product_id").notNull(),
    sku: text("sku").notNull(),
    description: text("description").notNull(),
    hsnCode: text("hsn_code"),
    unit: text("unit").notNull(),
    qty: decimal3("qty").notNull(),
    rate: decimal3("rate").notNull(),
    ...lineTax(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.invoiceId, t.lineNo] }),
    foreignKey({
      name: "invoice_items_invoice_fk",
      columns: [t.accountId, t.livemode, t.invoiceId],
      foreignColumns: [invoices.accountId, invoices.livemode, invoices.id],
    }),
  ],
);

/** The IRP sandbox's RSA key, made once and shared by every API node so that all sign alike. */
export const irpSigningKeys = pgTable("irp_signing_keys", {
  kid: text("kid").primaryKey(),
  publicJwk: jsonb("public_jwk").notNull(),
  privateKeyPem: text("private_key_pem").notNull(),
  createdAt: createdAt(),
});

/** Subscriptions. Signing secrets are sealed (AES-256-GCM, see webhooks/secret-box.ts), never stored in clear. */
export const webhooks = pgTable(
  "webhooks",
  {
    ...tenant,
    url: text("url").notNull(),
    /** Event types, or `{*}` for every type. */
    events: text("events").array().notNull(),
    description: text("description"),
    status: text("status", { enum: ["enabled", "disabled"] }).notNull(),
    disabledReason: text("disabled_reason", { enum: ["manual", "failing"] }),
    secret: text("secret").notNull(),
    /** The secret before the last rotation, which keeps signing until `previous_secret_expires_at`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true, mode: "date" }),
    /** The first failed attempt since the last successful one; null while deliveries succeed. */
    failingSince: timestamp("failing_since", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.livemode, t.id] })],
);

/**
 * One row per delivery attempt. `pending` rows are the queue: written with their event (fan-out in the
 * event's own transaction), claimed by workers with FOR UPDATE SKIP LOCKED.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    ...tenant,
    webhookId: text("webhook_id").notNull(),
    eventId: text("event_id").notNull(),
    attempt: integer("attempt").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull(),
    responseStatus: integer("response_status"),
    latencyMs: integer("latency_ms"),
    error: text("error"),
    /** When the attempt was made or, while pending, scheduled. */
    createdAt: createdAt(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    index("webhook_deliveries_webhook_idx").on(t.accountId, t.livemode, t.webhookId, t.id),
    // Workers serve every account, so the queue's index cannot lead with the account: it holds only
    // pending rows and stays small however long the log grows.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    foreignKey({
      name: "webhook_deliveries_webhook_fk",
      columns: [t.accountId, t.livemode, t.webhookId],
      foreignColumns: [webhooks.accountId, webhooks.livemode, webhooks.id],
    }).onDelete("cascade"),
  ],
);

/**
 * The key that seals webhook secrets when the operator sets no BAHI_SECRET_KEY: made once and shared
 * by every node. It keeps secrets out of logs and query results, not away from whoever can read it.
 */
export const encryptionKeys = pgTable("encryption_keys", {
  id: text("id").primaryKey(),
  key: text("key").notNull(),
  createdAt: createdAt(),
});

/** Money received from a party; `unallocated_amount` is what its allocations have not yet used. */
export const payments = pgTable(
  "payments",
  {
    ...tenant,
    partyId: text("party_id").notNull(),
    amount: money("amount").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    mode: text("mode", { enum: ["cash", "upi", "bank_transfer", "cheque", "card", "other"] }).notNull(),
    reference: text("reference"),
    unallocatedAmount: money("unallocated_amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    index("payments_party_idx").on(t.accountId, t.livemode, t.partyId, t.id),
    index("payments_date_idx").on(t.accountId, t.livemode, t.date, t.id),
  ],
);

/** A part of a payment set against one invoice; later allocations may pay the same invoice again. */
export const paymentAllocations = pgTable(
  "payment_allocations",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    paymentId: text("payment_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    /** 1, 2, … in the order the allocations were made, so that they read back oldest first. */
    position: integer("position").notNull(),
    amount: money("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.paymentId, t.position] }),
    index("payment_allocations_invoice_idx").on(t.accountId, t.livemode, t.invoiceId),
    foreignKey({
      name: "payment_allocations_payment_fk",
      columns: [t.accountId, t.livemode, t.paymentId],
      foreignColumns: [payments.accountId, payments.livemode, payments.id],
    }),
    foreignKey({
      name: "payment_allocations_invoice_fk",
      columns: [t.accountId, t.livemode, t.invoiceId],
      foreignColumns: [invoices.accountId, invoices.livemode, invoices.id],
    }),
  ],
);

/**
 * Credit notes (GST section 34) against issued invoices, in their own consecutive series. A note takes
 * its invoice's place of supply, supply type and reverse charge; `credited_to_party` is the part of its
 * total set off against the invoice's balance (added to the invoice's `amount_credited`), the rest
 * `refund_due`.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    ...tenant,
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    ...seriesPosition(),
    date: date("date", { mode: "string" }).notNull(),
    invoiceId: text("invoice_id").notNull(),
    partyId: text("party_id").notNull(),
    reason: text("reason", {
      enum: ["sales_return", "post_sale_discount", "deficiency_in_service", "correction", "other"],
    }).notNull(),
    restock: boolean("restock").notNull(),
    ...documentTax(),
    creditedToParty: money("credited_to_party").notNull(),
    refundDue: money("refund_due").notNull(),
    ...irpRegistration(),
    /** The INV-01 document (type CRN) exactly as it was sent to the IRP; `json` as for invoices. */
    einvoice: json("einvoice"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("credit_notes_number_key").on(t.accountId, t.livemode, t.financialYear, t.number),
    index("credit_notes_invoice_idx").on(t.accountId, t.livemode, t.invoiceId, t.id),
    index("credit_notes_party_idx").on(t.accountId, t.livemode, t.partyId, t.id),
    index("credit_notes_date_idx").on(t.accountId, t.livemode, t.date, t.id),
    foreignKey({
      name: "credit_notes_invoice_fk",
      columns: [t.accountId, t.livemode, t.invoiceId],
      foreignColumns: [invoices.accountId, invoices.livemode, invoices.id],
    }),
  ],
);

/** The credited part of one invoice line; `qty` and `rate` are null for a line credited by value alone. */
export const creditNoteItems = pgTable(
  "credit_note_items",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    creditNoteId: text("credit_note_id").notNull(),
    lineNo: integer("line_no").notNull(),
    invoiceId: text("invoice_id").notNull(),
    /** The invoice line credited. */
    invoiceLineNo: integer("invoice_line_no").notNull(),
    productId: text("product_id").notNull(),
    sku: text("sku").notNull(),
    description: text("description").notNull(),
    hsnCode: text("hsn_code"),
    unit: text("unit").notNull(),
    qty: decimal3("qty"),
    rate: decimal3("rate"),
    ...lineTax(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.creditNoteId, t.lineNo] }),
    index("credit_note_items_invoice_idx").on(t.accountId, t.livemode, t.invoiceId, t.invoiceLineNo),
    foreignKey({
      name: "credit_note_items_credit_note_fk",
      columns: [t.accountId, t.livemode, t.creditNoteId],
      foreignColumns: [creditNotes.accountId, creditNotes.livemode, creditNotes.id],
    }),
  ],
);

/**
 * Bulk imports of products. A queued or processing import is the work queue: each batch is claimed with
 * FOR UPDATE SKIP LOCKED on this row and committed with its products, so any worker on any node can go
 * on where another stopped, and no two run the same batch.
 */
export const productImports = pgTable(
  "product_imports",
  {
    ...tenant,
    status: text("status", { enum: ["queued", "processing", "completed", "failed"] }).notNull(),
    filename: text("filename"),
    /** `columns` of the API object: the headers understood, each with its field, and those ignored. */
    columns: jsonb("columns").notNull(),
    rowsTotal: integer("rows_total").notNull(),
    rowsDone: integer("rows_done").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    flagged: integer("flagged").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    /** Batches that failed unexpectedly in a row; the import fails once there are too many. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    // Workers serve every account: the queue's index holds only unfinished imports.
    index("product_imports_pending_idx").on(t.id).where(sql`${t.status} in ('queued', 'processing')`),
  ],
);

/**
 * The file's data rows, as text cells in the order of the understood columns, one chunk per batch:
 * a worker reads only the chunk it imports, whatever the size of the file.
 */
export const productImportChunks = pgTable(
  "product_import_chunks",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    importId: text("import_id").notNull(),
    chunkNo: integer("chunk_no").notNull(),
    /** JSON: `[[row number, [cell, …]], …]`. */
    cells: text("cells").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.importId, t.chunkNo] }),
    foreignKey({
      name: "product_import_chunks_import_fk",
      columns: [t.accountId, t.livemode, t.importId],
      foreignColumns: [productImports.accountId, productImports.livemode, productImports.id],
    }).onDelete("cascade"),
  ],
);

/** The outcome of each data row; `problems` lists each `{ column, reason }` of a flagged or rejected row. */
export const productImportRows = pgTable(
  "product_import_rows",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    importId: text("import_id").notNull(),
    rowNo: integer("row_no").notNull(),
    outcome: text("outcome", { enum: ["created", "updated", "flagged", "rejected"] }).notNull(),
    sku: text("sku"),
    productId: text("product_id"),
    problems: jsonb("problems"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.importId, t.rowNo] }),
    foreignKey({
      name: "product_import_rows_import_fk",
      columns: [t.accountId, t.livemode, t.importId],
      foreignColumns: [productImports.accountId, productImports.livemode, productImports.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Debit notes (GST section 34(3)) raising the value of issued invoices' lines, in their own consecutive
 * series. A note takes its invoice's place of supply, supply type and reverse charge; its total is added
 * to the invoice's `amount_debited`.
 */
export const debitNotes = pgTable(
  "debit_notes",
  {
    ...tenant,
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    ...seriesPosition(),
    date: date("date", { mode: "string" }).notNull(),
    invoiceId: text("invoice_id").notNull(),
    partyId: text("party_id").notNull(),
    reason: text("reason", {
      enum: ["price_revision", "undercharge", "additional_charges", "other"],
    }).notNull(),
    ...documentTax(),
    ...irpRegistration(),
    /** The INV-01 document (type DBN) exactly as it was sent to the IRP; `json` as for invoices. */
    einvoice: json("einvoice"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("debit_notes_number_key").on(t.accountId, t.livemode, t.financialYear, t.number),
    index("debit_notes_invoice_idx").on(t.accountId, t.livemode, t.invoiceId, t.id),
    index("debit_notes_party_idx").on(t.accountId, t.livemode, t.partyId, t.id),
    index("debit_notes_date_idx").on(t.accountId, t.livemode, t.date, t.id),
    foreignKey({
      name: "debit_notes_invoice_fk",
      columns: [t.accountId, t.livemode, t.invoiceId],
      foreignColumns: [invoices.accountId, invoices.livemode, invoices.id],
    }),
  ],
);

/** The value one debit note adds to one invoice line. */
export const debitNoteItems = pgTable(
  "debit_note_items",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    debitNoteId: text("debit_note_id").notNull(),
    lineNo: integer("line_no").notNull(),
    invoiceId: text("invoice_id").notNull(),
    /** The invoice line debited. */
    invoiceLineNo: integer("invoice_line_no").notNull(),
    productId: text("product_id").notNull(),
    sku: text("sku").notNull(),
    description: text("description").notNull(),
    hsnCode: text("hsn_code"),
    unit: text("unit").notNull(),
    ...lineTax(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.debitNoteId, t.lineNo] }),
    index("debit_note_items_invoice_idx").on(t.accountId, t.livemode, t.invoiceId, t.invoiceLineNo),
    foreignKey({
      name: "debit_note_items_debit_note_fk",
      columns: [t.accountId, t.livemode, t.debitNoteId],
      foreignColumns: [debitNotes.accountId, debitNotes.livemode, debitNotes.id],
    }),
  ],
);
