export type GstErrorCode =
  | "invalid_decimal"
  | "too_many_decimals"
  | "amount_out_of_range"
  | "invalid_date"
  | "invalid_instant"
  | "invalid_financial_year"
  | "invalid_period"
  | "invalid_gstin"
  | "invalid_state_code"
  | "invalid_place_of_supply"
  | "not_zero_rated"
  | "deemed_export_zero_rated"
  | "no_items"
  | "too_many_items"
  | "invalid_quantity"
  | "invalid_unit_price"
  | "invalid_discount"
  | "discount_exceeds_gross"
  | "rate_not_in_force"
  | "invalid_cess_rate"
  | "cess_not_in_force"
  | "invalid_document_type"
  | "invalid_document_number"
  | "invalid_series_template"
  | "invalid_sequence"
  | "invoice_number_too_long"
  | "invalid_invoice_number";

/**
 * Bad input to the GST domain. `code` is stable so the API can map it to a problem `code`;
 * `message` is written for the person who sent the input.
 */
export class GstError extends Error {
  override readonly name = "GstError";
  readonly code: GstErrorCode;
  /** JSON pointer into a structured input (e.g. `/items/2/discount`), so the API can name the field. */
  readonly pointer: string | undefined;

  constructor(code: GstErrorCode, message: string, pointer?: string) {
    super(message);
    this.code = code;
    this.pointer = pointer;
  }
}

export function isGstError(error: unknown): error is GstError {
  return error instanceof GstError;
}
