export { documentFileName } from "./file-name.js";
export { FONT_FILES, fontDirectory } from "./fonts.js";
export {
  formatCountry,
  formatDate,
  formatHalfPercent,
  formatIstTimestamp,
  formatMoney,
  formatPercent,
  formatQuantity,
  formatRupeeAmount,
  formatState,
  formatUnitPrice,
  groupIndian,
} from "./format.js";
export type { DocumentView } from "./model/document-view.js";
export { buildView } from "./model.js";
export type { QrMatrix } from "./qr.js";
export { encodeQr } from "./qr.js";
export { preloadFonts, renderDocumentPdf } from "./render.js";
export type {
  Account,
  CopyKind,
  CreditNote,
  CreditNoteInput,
  DebitNote,
  DebitNoteInput,
  DocumentKind,
  Invoice,
  InvoiceInput,
  LetterOfUndertaking,
  OriginalInvoice,
  RenderDocumentInput,
} from "./types.js";
export { integerInWords, rupeesInWords } from "./words.js";
