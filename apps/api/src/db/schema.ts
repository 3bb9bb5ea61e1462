// The database's tables, one file per noun under schema/. Every business table leads its keys and
// indexes with (account_id, livemode), so that the data can be distributed by account (Citus).
export * from "./schema/accounts.js";
export * from "./schema/catalogue.js";
export * from "./schema/einvoice.js";
export * from "./schema/events.js";
export * from "./schema/imports.js";
export * from "./schema/invoices.js";
export * from "./schema/members.js";
export * from "./schema/notes.js";
export * from "./schema/oauth.js";
export * from "./schema/parties.js";
export * from "./schema/payments.js";
