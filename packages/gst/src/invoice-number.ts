import { GstError } from "./errors.js";
import { isValidFinancialYear } from "./financial-year.js";

/** Rule 46 serial numbers as Bahi issues them: upper case, never starting with 0, / or -. */
export const INVOICE_NUMBER_PATTERN = /^[A-Z1-9][A-Z0-9/-]{0,15}$/;

export const MAX_INVOICE_NUMBER_LENGTH = 16;

export function isValidInvoiceNumber(value: string): boolean {
  return INVOICE_NUMBER_PATTERN.test(value);
}

export interface SeriesNumberInput {
  /** Financial year label, e.g. `2026-27`; numbers are unique within it. */
  readonly financialYear: string;
  /** Position in the series, from 1. */
  readonly seq: number;
}

type TemplatePart =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "fy"; readonly short: boolean }
  | { readonly kind: "seq"; readonly width: number };

const PLACEHOLDER = /\{([^{}]*)\}/g;
const LITERAL = /^[A-Z0-9/-]*$/;
const SEQ_TOKEN = /^SEQ(?::([1-9]|1[0-6]))?$/;

function templateError(template: string, why: string): GstError {
  return new GstError(
    "invalid_series_template",
    `"${template}" is not a series template: ${why}. Example: INV/{FY}/{SEQ:6}.`,
  );
}

function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  const addText = (text: string) => {
    if (!LITERAL.test(text)) {
      throw templateError(template, "text may only hold A-Z, 0-9, / and -");
    }
    if (text !== "") parts.push({ kind: "text", text });
  };
  let end = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    addText(template.slice(end, match.index));
    end = match.index + match[0].length;
    const token = match[1] ?? "";
    const seq = SEQ_TOKEN.exec(token);
    if (token === "FY" || token === "FY:short") {
      parts.push({ kind: "fy", short: token === "FY:short" });
    } else if (seq !== null) {
      parts.push({ kind: "seq", width: Number(seq[1] ?? "1") });
    } else {
      throw templateError(template, `unknown placeholder {${token}}`);
    }
  }
  addText(template.slice(end));
  if (parts.filter((part) => part.kind === "seq").length !== 1) {
    throw templateError(template, "it needs exactly one {SEQ} or {SEQ:width}");
  }
  return parts;
}

/**
 * The number at position `seq` of a series whose template holds `{FY}` (`2026-27`), `{FY:short}`
 * (`26-27`) and one `{SEQ:width}` (zero-padded; wider numbers keep all their digits), e.g.
 * `INV/{FY}/{SEQ:6}` → `INV/2026-27/000001`.
 */
export function formatSeriesNumber(template: string, input: SeriesNumberInput): string {
  const parts = parseTemplate(template);
  if (!isValidFinancialYear(input.financialYear)) {
    throw new GstError(
      "invalid_financial_year",
      `"${input.financialYear}" is not a financial year; write it like 2026-27.`,
    );
  }
  if (!Number.isSafeInteger(input.seq) || input.seq < 1) {
    throw new GstError("invalid_sequence", `${input.seq} is not a sequence number (1, 2, 3…).`);
  }
  const number = parts
    .map((part) => {
      if (part.kind === "text") return part.text;
      if (part.kind === "fy") return part.short ? input.financialYear.slice(2) : input.financialYear;
      return String(input.seq).padStart(part.width, "0");
    })
    .join("");
  if (number.length > MAX_INVOICE_NUMBER_LENGTH) {
    throw new GstError(
      "invoice_number_too_long",
      `"${number}" is longer than the ${MAX_INVOICE_NUMBER_LENGTH} characters an invoice number may have.`,
    );
  }
  if (!isValidInvoiceNumber(number)) {
    throw new GstError(
      "invalid_invoice_number",
      `"${number}" cannot be an invoice number: it may not start with 0, / or -.`,
    );
  }
  return number;
}

/** Checks a template when a series is set up, by issuing its first number in a sample year. */
export function assertSeriesTemplate(template: string): void {
  formatSeriesNumber(template, { financialYear: "2026-27", seq: 1 });
}
