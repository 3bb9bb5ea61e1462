import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Principal } from "../accounts/principal.js";

/** Whose data a request works on: one account in one mode. */
export type Owner = Pick<Principal, "accountId" | "livemode">;

interface TenantColumns {
  accountId: PgColumn;
  livemode: PgColumn;
  id: PgColumn;
}

/** Every query of a business table starts here, so no row of another account or mode can leak. */
export function ownedBy(table: Omit<TenantColumns, "id">, owner: Owner, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.accountId, owner.accountId), eq(table.livemode, owner.livemode), ...more) as SQL;
}

export function ownedRow(table: TenantColumns, owner: Owner, id: string): SQL {
  return ownedBy(table, owner, eq(table.id, id));
}

/**
 * ownedRow for a statement prepared once: the owner and the id are the placeholders `accountId`,
 * `livemode` and `id`, and `idColumn` is the column the id names (the row's own, or its parent's).
 */
export function ownedRowPlaceholder(table: Omit<TenantColumns, "id">, idColumn: PgColumn): SQL {
  return and(
    eq(table.accountId, sql.placeholder("accountId")),
    eq(table.livemode, sql.placeholder("livemode")),
    eq(idColumn, sql.placeholder("id")),
  ) as SQL;
}
