import type { components } from "@bahi/contract";
import {
  financialYearRange,
  formatRupees,
  minimumHsnDigits,
  OTHER_COUNTRIES_STATE_CODE,
  parseNumeric,
  precedingFinancialYear,
  validateGstin,
} from "@bahi/gst";
import { type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { netQuantity, type RateAmounts, rate } from "./amounts.js";
import type { B2csRow } from "./b2cs.js";
import { invoiceLines, noteLines, type PeriodScope, periodDocuments } from "./documents.sql.js";
import type { HsnRow } from "./hsn.js";

type Gstr1Warning = components["schemas"]["Gstr1Warning"];

/**
 * Documents named per warning code; past this, one period-wide warning gives the count, so that a
 * period where every invoice lacks an HSN code does not answer with 100,000 warnings.
 */
export const MAX_DOCUMENTS_PER_WARNING = 100;

interface FlaggedDocument {
  readonly kind: "Invoice" | "Credit note";
  readonly id: string;
  readonly number: string;
  readonly line_no: number;
  readonly hsn_code: string | null;
  readonly total: number;
}

/** The period's documents having a line that matches `condition` (on `it`), first line of each. */
async function documentsWithLines(tx: Transaction, scope: PeriodScope, condition: SQL) {
  const result = await tx.execute(sql`with ${periodDocuments(scope)}
    select kind, id, number, min(line_no) as line_no, min(hsn_code) as hsn_code, (count(*) over ())::int as total
    from (
      select 'Invoice' as kind, d.id, d.number, d.date, it.line_no, it.hsn_code from ${invoiceLines(scope)} where ${condition}
      union all
      select case d.ntty when 'C' then 'Credit note' else 'Debit note' end, d.id, d.number, d.date, it.line_no, it.hsn_code
        from ${noteLines(scope)} where ${condition}
    ) lines
    group by kind, id, number, date
    order by date, number
    limit ${MAX_DOCUMENTS_PER_WARNING}`);
  return rowsOf(result) as unknown as FlaggedDocument[];
}

function perDocument(
  code: string,
  rows: readonly FlaggedDocument[],
  message: (row: FlaggedDocument) => string,
  rest: (count: number) => string,
): Gstr1Warning[] {
  const out: Gstr1Warning[] = rows.map((row) => ({ code, message: message(row), document_id: row.id }));
  const total = rows[0]?.total ?? 0;
  if (total > rows.length) out.push({ code, message: rest(total - rows.length), document_id: null });
  return out;
}

/** Turnover of the financial year before the period's: taxable value invoiced, net of credit and debit notes. */
async function precedingYearTurnover(tx: Transaction, scope: PeriodScope): Promise<bigint> {
  const { start, end } = financialYearRange(precedingFinancialYear(scope.start));
  const { accountId, livemode } = scope.owner;
  const result = await tx.execute(sql`select (
      coalesce((select sum(taxable_value) from invoices where account_id = ${accountId} and livemode = ${livemode}
        and date between ${start}::date and ${end}::date and status <> 'cancelled'), 0)
      - coalesce((select sum(taxable_value) from credit_notes where account_id = ${accountId}
        and livemode = ${livemode} and date between ${start}::date and ${end}::date), 0)
      + coalesce((select sum(taxable_value) from debit_notes where account_id = ${accountId}
        and livemode = ${livemode} and date between ${start}::date and ${end}::date), 0)
    )::text as turnover`);
  const [row] = rowsOf(result) as { turnover: string }[];
  return parseNumeric(row?.turnover ?? "0", 2);
}

/**
 * The period's exports with goods on them (an HSN code outside chapter 99) and no shipping bill. An
 * export is an invoice to place of supply 96 (see sectionOfInvoice), so the invoices are read directly
 * rather than classifying the whole period again through periodDocuments, which cost the summary more.
 */
async function exportsWithoutShippingBill(tx: Transaction, scope: PeriodScope) {
  const { accountId, livemode } = scope.owner;
  const result = await tx.execute(sql`
    select 'Invoice' as kind, i.id, i.number, min(it.line_no) as line_no, min(it.hsn_code) as hsn_code,
      (count(*) over ())::int as total
    from invoices i join invoice_items it
      on it.account_id = i.account_id and it.livemode = i.livemode and it.invoice_id = i.id
    where i.account_id = ${accountId} and i.livemode = ${livemode}
      and i.date between ${scope.start}::date and ${scope.end}::date and i.status <> 'cancelled'
      and i.place_of_supply = ${OTHER_COUNTRIES_STATE_CODE} and i.shipping_bill is null
      and it.hsn_code not like '99%'
    group by i.id, i.number, i.date
    order by i.date, i.number
    limit ${MAX_DOCUMENTS_PER_WARNING}`);
  return rowsOf(result) as unknown as FlaggedDocument[];
}

/** The period's documents (uncancelled invoices, notes) whose registration with a live IRP is `status`. */
async function documentsWithEinvoiceStatus(
  tx: Transaction,
  scope: PeriodScope,
  status: "pending" | "failed",
) {
  const { accountId, livemode } = scope.owner;
  const of = (kind: string, table: SQL, extra: SQL) => sql`
    select ${kind} as kind, id, number, date from ${table}
    where account_id = ${accountId} and livemode = ${livemode} and einvoice_status = ${status}
      and date between ${scope.start}::date and ${scope.end}::date ${extra}`;
  const result = await tx.execute(sql`
    select kind, id, number, 0 as line_no, null as hsn_code, (count(*) over ())::int as total from (
      ${of("Invoice", sql`invoices`, sql`and status <> 'cancelled'`)}
      union all ${of("Credit note", sql`credit_notes`, sql``)}
      union all ${of("Debit note", sql`debit_notes`, sql``)}
    ) documents
    order by date, number
    limit ${MAX_DOCUMENTS_PER_WARNING}`);
  return rowsOf(result) as unknown as FlaggedDocument[];
}

/** Documents without their IRN yet: the return reports them, but the buyer's GSTR-2B needs the IRN's data. */
async function einvoiceWarnings(tx: Transaction, scope: PeriodScope): Promise<Gstr1Warning[]> {
  const pending = perDocument(
    "einvoice_pending",
    await documentsWithEinvoiceStatus(tx, scope, "pending"),
    (row) =>
      `${row.kind} ${row.number}: its registration with the IRP is still pending; upload once it has its IRN.`,
    (count) => `${count} more documents are still being registered with the IRP.`,
  );
  const failed = perDocument(
    "einvoice_failed",
    await documentsWithEinvoiceStatus(tx, scope, "failed"),
    (row) =>
      `${row.kind} ${row.number}: the IRP refused its registration (see its einvoice_error); fix it and retry (for an invoice, POST /v1/invoices/{id}/einvoice/retry) before uploading.`,
    (count) => `${count} more documents have a failed registration with the IRP.`,
  );
  return [...pending, ...failed];
}

/** Buyer GSTINs of the period that the portal would refuse (kept as they were when invoiced). */
async function invalidGstins(tx: Transaction, scope: PeriodScope): Promise<Gstr1Warning[]> {
  const result = await tx.execute(sql`with ${periodDocuments(scope)}
    select ctin, min(id) as id, min(number) as number from period_invoices where ctin is not null group by ctin order by ctin`);
  const warnings: Gstr1Warning[] = [];
  for (const row of rowsOf(result) as { ctin: string; id: string; number: string }[]) {
    const check = validateGstin(row.ctin);
    if (!check.ok) {
      warnings.push({
        code: "gstin_invalid",
        message: `The buyer GSTIN ${row.ctin} (on invoice ${row.number} and maybe others) is not valid: ${check.message} The portal refuses b2b rows with it; correct the party and issue a credit note and a new invoice.`,
        document_id: row.id,
      });
    }
  }
  return warnings;
}

/**
 * What the portal would reject in this period's file, or accept but act on badly: missing or short HSN
 * codes, invalid buyer GSTINs, exports of goods without their shipping bill.
 */
export async function gstr1Warnings(tx: Transaction, scope: PeriodScope): Promise<Gstr1Warning[]> {
  const missing = perDocument(
    "hsn_missing",
    await documentsWithLines(tx, scope, sql`it.hsn_code is null`),
    (row) =>
      `${row.kind} ${row.number}: line ${row.line_no} has no HSN code, so it is left out of the HSN summary; give its product an HSN code.`,
    (count) => `${count} more documents have lines without an HSN code.`,
  );
  const digits = minimumHsnDigits(await precedingYearTurnover(tx, scope));
  const short =
    digits > 4
      ? perDocument(
          "hsn_too_short",
          await documentsWithLines(tx, scope, sql`length(it.hsn_code) < ${digits}`),
          (row) =>
            `${row.kind} ${row.number}: line ${row.line_no} has the HSN code ${row.hsn_code}; with a turnover above ₹5 crore last financial year, give at least ${digits} digits.`,
          (count) => `${count} more documents have HSN codes shorter than ${digits} digits.`,
        )
      : [];
  const unshipped = perDocument(
    "shipping_bill_missing",
    await exportsWithoutShippingBill(tx, scope),
    (row) =>
      `Invoice ${row.number}: an export of goods without its shipping bill. Customs matches the return's port code, shipping bill number and date to refund IGST paid on exports and to close export obligations; record it (POST /v1/invoices/{id}/shipping_bill) before uploading.`,
    (count) => `${count} more exports of goods have no shipping bill.`,
  );
  return [
    ...missing,
    ...short,
    ...(await invalidGstins(tx, scope)),
    ...unshipped,
    ...(await einvoiceWarnings(tx, scope)),
  ];
}

/** The amounts of a net row as its warning names them, in the order of the portal's keys. */
const NET_AMOUNTS = [
  ["txval", "taxable value"],
  ["iamt", "IGST"],
  ["camt", "CGST"],
  ["samt", "SGST"],
  ["csamt", "cess"],
] as const;

/** A net row's negative figures, for its warning: empty when there are none. b2cs reports no quantity. */
function negativeFigures(row: RateAmounts, qty: string | null): string[] {
  const figures = qty !== null && parseNumeric(qty, 3) < 0n ? [`quantity ${netQuantity(qty)}`] : [];
  for (const [key, name] of NET_AMOUNTS) {
    const paise = parseNumeric(row[key], 2);
    if (paise < 0n) figures.push(`${name} ${formatRupees(paise)}`);
  }
  return figures;
}

/**
 * b2cs and hsn rows are net of the period's credit notes (see line-sums.ts), so a row goes negative
 * when the notes for its key exceed the period's sales. The portal takes that as it is, but it is
 * also what a note dated in the wrong month or against the wrong invoice looks like: the accountant
 * should look before uploading. One warning per row, named by its section and key, with no document.
 */
export function negativeNetWarnings(
  b2cs: readonly B2csRow[],
  hsn: readonly HsnRow[],
  split: boolean,
): Gstr1Warning[] {
  const warning = (row: string, figures: readonly string[]): Gstr1Warning => ({
    code: "negative_net_value",
    message: `${row}: the period's credit notes exceed its sales, so the row is negative (${figures.join(", ")}). The portal takes the net value as it is; check those credit notes before uploading.`,
    document_id: null,
  });
  const warnings: Gstr1Warning[] = [];
  for (const row of b2cs) {
    const figures = negativeFigures(row, null);
    if (figures.length > 0) {
      warnings.push(
        warning(`b2cs, ${row.sply_ty} supplies to place of supply ${row.pos} at ${rate(row.rt)}%`, figures),
      );
    }
  }
  for (const row of hsn) {
    const figures = negativeFigures(row, row.qty);
    if (figures.length > 0) {
      const section = split ? (row.registered ? "hsn_b2b" : "hsn_b2c") : "hsn";
      warnings.push(warning(`${section}, HSN ${row.hsn_sc} in ${row.uqc} at ${rate(row.rt)}%`, figures));
    }
  }
  return warnings;
}
