export { creditNoteDeadline, draftCreditNote } from "./credit-note-draft.js";
export type { CalendarDate } from "./dates.js";
export {
  daysInMonth,
  formatIsoDate,
  irpDateTime,
  istMonthOf,
  isValidDate,
  MAX_DOCUMENT_YEAR,
  MIN_DOCUMENT_YEAR,
  parseIsoDate,
  todayInIst,
  toEinvoiceDate,
  toGstr1Date,
} from "./dates.js";
export { draftDebitNote } from "./debit-note-draft.js";
export type { GstErrorCode } from "./errors.js";
export { GstError, isGstError } from "./errors.js";
export {
  financialYearOf,
  financialYearRange,
  isValidFinancialYear,
  precedingFinancialYear,
} from "./financial-year.js";
export type { GstinInvalidReason, GstinValidation } from "./gstin.js";
export {
  GSTIN_PATTERN,
  gstinCheckChar,
  hasValidCheckChar,
  isValidGstin,
  isValidPan,
  PAN_PATTERN,
  panFromGstin,
  stateFromGstin,
  validateGstin,
} from "./gstin.js";
export {
  B2CL_THRESHOLDS,
  b2clThresholdOn,
  GSTR1_FORMAT_VERSION,
  HSN_SIX_DIGIT_TURNOVER,
  hasSplitHsnSummary,
  MAX_HSN_DESCRIPTION_LENGTH,
  minimumHsnDigits,
} from "./gstr1.js";
export type { Gstr1Period } from "./gstr1-period.js";
export { checkPeriodHasBegun, gstr1PeriodRange, parseGstr1Period } from "./gstr1-period.js";
export { isService, isUnitValidForHsn, isValidHsn } from "./hsn.js";
export type { EInvoice, Inv01Input } from "./inv01.js";
export { buildInv01 } from "./inv01.js";
export type {
  DraftLine,
  InvoiceDraft,
  InvoiceFacts,
  PartyFacts,
  ProductFacts,
  SellerFacts,
  StockMove,
} from "./invoice-draft.js";
export { draftInvoice, taxRefusal } from "./invoice-draft.js";
export type { SeriesNumberInput } from "./invoice-number.js";
export {
  assertSeriesTemplate,
  formatSeriesNumber,
  INVOICE_NUMBER_PATTERN,
  isValidInvoiceNumber,
  MAX_INVOICE_NUMBER_LENGTH,
} from "./invoice-number.js";
export type { DocumentType, IrnInput } from "./irn.js";
export { computeIrn, IRN_UPPERCASE_FROM } from "./irn.js";
export type { Milli, Paise, Scale } from "./money.js";
export {
  divideRoundHalfUp,
  formatMilli,
  formatNumeric,
  formatRupees,
  MAX_DOCUMENT_AMOUNT,
  MAX_SCALED_VALUE,
  MAX_SIGNIFICANT_DIGITS,
  milliToNumber,
  numericToNumber,
  parseMilli,
  parseNumeric,
  parseRupees,
  roundToRupee,
  signedNumericToNumber,
  toRupees,
} from "./money.js";
export type {
  CreditNoteDraft,
  CreditNoteFacts,
  DebitNoteFacts,
  NoteDraft,
  NotedInvoice,
  NotedLine,
  NotedPiece,
  NoteFacts,
  NoteLine,
  PriorNotes,
  Taxes,
} from "./note-draft.js";
export { checkAddressInState, EINVOICE_MIN_NAME_LENGTH, registrableGstin } from "./party-rules.js";
export {
  CESS_END_DATE,
  GST_RATE_REFORM_DATE,
  GST_START_DATE,
  gstRatesInForce,
  isCessRateAllowed,
  isRateInForce,
} from "./rates.js";
export type { Drafted, FieldRefusal, Refusal } from "./refusal.js";
export { drafting, fieldRefusal, RefusedError, refuse, refuseAll, sentenceOf } from "./refusal.js";
export type { ShippingBillPointers } from "./shipping.js";
export { checkShippingBill, checkShipTo } from "./shipping.js";
export type { GstState, StateCodeUse } from "./states.js";
export {
  GST_STATES,
  getState,
  isGstinStateCode,
  isPlaceOfSupplyCode,
  isUtgstTerritory,
  isValidStateCode,
  OTHER_COUNTRIES_STATE_CODE,
} from "./states.js";
export type {
  InvoiceTax,
  InvoiceTaxInput,
  SupplyType,
  TaxedItem,
  TaxItemInput,
} from "./tax.js";
export { computeInvoiceTax, isZeroRated, MAX_INVOICE_ITEMS, supplyTypeOf } from "./tax.js";
export type { Uqc } from "./uqc.js";
export { isUqc, UQC_CODES, UQC_NOT_APPLICABLE } from "./uqc.js";
export type { WrittenNumberOptions } from "./written-numbers.js";
export { readWrittenNumber } from "./written-numbers.js";
