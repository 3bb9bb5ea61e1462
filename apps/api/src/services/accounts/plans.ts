import { istMonthOf } from "@bahi/gst";
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invoices } from "../../db/schema.js";
import { ApiError } from "../../values/problem.js";
import type { Owner } from "../shared/owner.js";
import type { AccountRow, Plan } from "./accounts.js";

/** Requests per account and mode on the free and growth plans, and per client address without a valid key. */
export const REQUESTS_PER_MINUTE = 1_000;
export const REQUESTS_PER_SECOND = 200;

export interface PlanLimits {
  /** How many times the base request limits the plan allows. */
  readonly requestFactor: number;
  /** Live invoices created per calendar month in India time; null: unlimited. */
  readonly liveInvoicesPerMonth: number | null;
}

export const PLANS: Readonly<Record<Plan, PlanLimits>> = {
  free: { requestFactor: 1, liveInvoicesPerMonth: 100 },
  growth: { requestFactor: 1, liveInvoicesPerMonth: null },
  enterprise: { requestFactor: 10, liveInvoicesPerMonth: null },
};

/** How many live invoices a month the owner may create; null when nothing limits them (test mode). */
export function liveInvoiceQuota(owner: Owner, account: AccountRow): number | null {
  return owner.livemode ? PLANS[account.plan].liveInvoicesPerMonth : null;
}

/**
 * Refuses a live invoice past the plan's monthly quota. Creates of the account count one after
 * another, under a lock of the account's quota held to the commit: the series lock is not enough,
 * since invoices dated in different financial years (or with yearly numbering, any two series) hold
 * different series, and two such creates each counted the other's invoice out and both took the
 * last one. Call it once the create's stock is moved, so that it waits for the lock holding no more
 * than its own rows. `counted` when the invoice being created is already written, and so among those
 * counted.
 */
export async function checkLiveInvoiceQuota(
  tx: Executor,
  owner: Owner,
  account: AccountRow,
  now: Date,
  counted = false,
): Promise<void> {
  const quota = liveInvoiceQuota(owner, account);
  if (quota === null) return;
  const month = istMonthOf(now);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quota:${owner.accountId}`}))`);
  const [row] = await tx
    .select({ used: count() })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, owner.accountId),
        eq(invoices.livemode, true),
        gte(invoices.createdAt, month.start),
      ),
    );
  if ((row?.used ?? 0) - (counted ? 1 : 0) < quota) return;
  throw new ApiError(
    402,
    "plan_limit_exceeded",
    `The ${account.plan} plan allows ${quota} live invoices a month; this month's are used up. ` +
      "Test mode is not limited.",
    { quota: "live_invoices_per_month", limit: quota, resets_at: month.end.toISOString() },
  );
}
