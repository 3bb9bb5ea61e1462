import type { components } from "@bahi/contract";
import { formatSeriesNumber, isGstError } from "@bahi/gst";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { accounts } from "../../db/schema.js";
import { preparedOn } from "../../speed/prepared.js";
import { newId } from "../../values/ids.js";
import { ApiError, notFound, unprocessable } from "../../values/problem.js";
import { reseedSeries } from "../shared/document-numbers.js";
import { checkGstin } from "../shared/gstin.js";

type Account = components["schemas"]["Account"];
type Address = components["schemas"]["Address"];
export type AccountRow = typeof accounts.$inferSelect;
export type Plan = AccountRow["plan"];

export interface NewAccount {
  legalName: string;
  tradeName?: string | null;
  gstin: string;
  address: { line1: string; line2?: string | null; city: string; pin: string; stateCode?: string };
  plan?: Plan;
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    object: "account",
    legal_name: row.legalName,
    trade_name: row.tradeName,
    gstin: row.gstin,
    pan: row.pan,
    state_code: row.stateCode as Account["state_code"],
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      state_code: row.stateCode as Address["state_code"],
      pin: row.pin,
    },
    plan: row.plan,
    subscription_status: row.subscriptionStatus,
    invoice_number_format: row.invoiceNumberFormat,
    credit_note_number_format: row.creditNoteNumberFormat,
    debit_note_number_format: row.debitNoteNumberFormat,
    number_reset: row.numberReset,
    books_closed_through: row.booksClosedThrough,
    created_at: row.createdAt.toISOString(),
  };
}

function checkAddressState(gstinState: string, addressState: string | undefined, pointer: string): void {
  if (addressState !== undefined && addressState !== gstinState) {
    throw unprocessable(
      "state_mismatch",
      `The address is in state ${addressState} but the GSTIN is registered in state ${gstinState}.`,
      [{ pointer, code: "state_mismatch", message: `must be ${gstinState}, the GSTIN's state` }],
    );
  }
}

/** A format must give a valid number of at most 16 characters for the longest financial-year label. */
function checkNumberFormat(format: string, pointer: string): void {
  try {
    formatSeriesNumber(format, { financialYear: "2026-27", seq: 1 });
  } catch (error) {
    if (!isGstError(error)) throw error;
    throw unprocessable("invalid_number_format", error.message, [
      { pointer, code: "invalid_number_format", message: error.message },
    ]);
  }
}

export async function createAccount(db: Executor, input: NewAccount): Promise<AccountRow> {
  const gstin = checkGstin(input.gstin);
  checkAddressState(gstin.stateCode, input.address.stateCode, "/address/state_code");
  const [row] = await db
    .insert(accounts)
    .values({
      id: newId("account"),
      legalName: input.legalName,
      tradeName: input.tradeName ?? null,
      gstin: gstin.gstin,
      pan: gstin.pan,
      stateCode: gstin.stateCode,
      addressLine1: input.address.line1,
      addressLine2: input.address.line2 ?? null,
      city: input.address.city,
      pin: input.address.pin,
      plan: input.plan ?? "free",
      subscriptionStatus: "active",
    })
    .returning();
  if (!row) throw new Error("insert returned no account");
  return row;
}

const accountById = preparedOn((db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder("id")))
    .limit(1)
    .prepare("account_by_id"),
);

export async function findAccount(db: Executor, id: string): Promise<AccountRow> {
  const [row] = await accountById(db).execute({ id });
  if (!row) throw notFound("account", id);
  return row;
}

export async function updateAccount(
  db: Executor,
  id: string,
  patch: components["schemas"]["AccountUpdate"],
): Promise<AccountRow> {
  const current = await findAccount(db, id);
  if (patch.address) checkAddressState(current.stateCode, patch.address.state_code, "/address/state_code");
  for (const field of [
    "invoice_number_format",
    "credit_note_number_format",
    "debit_note_number_format",
  ] as const) {
    const format = patch[field];
    if (format !== undefined) checkNumberFormat(format, `/${field}`);
  }
  if (patch.number_reset !== undefined && patch.number_reset !== current.numberReset) {
    await reseedSeries(db, id, patch.number_reset);
  }
  const [row] = await db
    .update(accounts)
    .set({
      ...(patch.legal_name !== undefined ? { legalName: patch.legal_name } : {}),
      ...(patch.trade_name !== undefined ? { tradeName: patch.trade_name } : {}),
      ...(patch.address
        ? {
            addressLine1: patch.address.line1,
            addressLine2: patch.address.line2 ?? null,
            city: patch.address.city,
            pin: patch.address.pin,
          }
        : {}),
      ...(patch.invoice_number_format !== undefined
        ? { invoiceNumberFormat: patch.invoice_number_format }
        : {}),
      ...(patch.credit_note_number_format !== undefined
        ? { creditNoteNumberFormat: patch.credit_note_number_format }
        : {}),
      ...(patch.debit_note_number_format !== undefined
        ? { debitNoteNumberFormat: patch.debit_note_number_format }
        : {}),
      ...(patch.number_reset !== undefined ? { numberReset: patch.number_reset } : {}),
      ...(patch.books_closed_through !== undefined ? { booksClosedThrough: patch.books_closed_through } : {}),
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, id))
    .returning();
  if (!row) throw notFound("account", id);
  return row;
}

export async function setSubscriptionStatus(
  db: Executor,
  id: string,
  status: AccountRow["subscriptionStatus"],
): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ subscriptionStatus: status, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  if (!row) throw notFound("account", id);
  return row;
}

export async function countAccounts(db: Executor): Promise<number> {
  const rows = await db.select({ id: accounts.id }).from(accounts).limit(1);
  return rows.length;
}

export { ApiError };
