import type { components } from "@bahi/contract";
import type { Page } from "../services/shared/pagination.js";

// What each GraphQL object resolves from: the REST object of the same name, as the use cases answer
// it (codegen.yml maps them), so that a field is read from the same object REST sends.
type Schemas = components["schemas"];
export type Account = Schemas["Account"];
export type Party = Schemas["Party"];
export type Product = Schemas["Product"];
export type Invoice = Schemas["Invoice"];
export type InvoiceItem = Schemas["InvoiceItem"];
export type Payment = Schemas["Payment"];
export type PaymentAllocation = Schemas["PaymentAllocation"];
export type CreditNote = Schemas["CreditNote"];
export type CreditNoteItem = Schemas["CreditNoteItem"];
export type DebitNote = Schemas["DebitNote"];
export type DebitNoteItem = Schemas["DebitNoteItem"];
export type Event = Schemas["Event"];
export type Webhook = Schemas["Webhook"];
export type Gstr1Summary = Schemas["Gstr1Summary"];

/** An allocation of a payment to an invoice, seen from the invoice. */
export interface InvoiceAllocation {
  readonly payment_id: string;
  readonly payment: Payment;
  readonly amount: number;
  readonly created_at: string;
}

export type PartyPage = Page<Party>;
export type ProductPage = Page<Product>;
export type InvoicePage = Page<Invoice>;
export type PaymentPage = Page<Payment>;
export type CreditNotePage = Page<CreditNote>;
export type DebitNotePage = Page<DebitNote>;
export type EventPage = Page<Event>;
export type WebhookPage = Page<Webhook>;
