import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../src/db/client.js";
import { events } from "../../src/db/schema.js";

/** The outbox rows of one account and mode, oldest first, as an integrator would receive them. */
export async function eventsOf(db: Database, accountId: string, type?: string) {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.accountId, accountId), type ? eq(events.type, type) : undefined))
    .orderBy(asc(events.id));
  return rows.map((r) => ({
    type: r.type,
    livemode: r.livemode,
    object: (r.data as { object: Record<string, unknown> }).object,
  }));
}
