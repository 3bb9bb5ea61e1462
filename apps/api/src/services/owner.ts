import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Principal } from "../auth/principal.js";

/** Whose data a request works on: one account in one mode. */
export type Owner = Pick<Principal, "accountId" | "livemode">;

interface TenantColumns {
  accountId: PgColumn;
  livemode: PgColumn;
  id: PgColumn;
}

/** Every query of a business table starts here, so no row of another account or mode can leak. */
export function ownedBy(table: TenantColumns, owner: Owner, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.accountId, owner.accountId), eq(table.livemode, owner.livemode), ...more) as SQL;
}

export function ownedRow(table: TenantColumns, owner: Owner, id: string): SQL {
  return ownedBy(table, owner, eq(table.id, id));
}
