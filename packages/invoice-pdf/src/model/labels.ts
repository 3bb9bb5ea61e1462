import type { CopyKind, CreditNote, DebitNote, Invoice } from "../types.js";

/** The words printed for the API's codes: the copy, the reason of a note, the reason of a cancellation. */

export const COPY_LABELS: Record<CopyKind, string> = {
  original: "Original for recipient",
  duplicate: "Duplicate for transporter",
  triplicate: "Triplicate for supplier",
};

export const CREDIT_REASONS: Record<CreditNote["reason"], string> = {
  sales_return: "Sales return",
  post_sale_discount: "Discount after the sale",
  deficiency_in_service: "Deficiency in service",
  correction: "Correction of the invoice (price or quantity overstated)",
  other: "Other",
};

export const DEBIT_REASONS: Record<DebitNote["reason"], string> = {
  price_revision: "Price revised upwards",
  undercharge: "Value understated in the invoice",
  additional_charges: "Additional charges of the supply",
  other: "Other",
};

export const CANCELLATION_REASONS: Record<NonNullable<Invoice["cancellation"]>["reason"], string> = {
  "1": "duplicate",
  "2": "data entry mistake",
  "3": "order cancelled",
  "4": "other",
};
