import type { components } from "@bahi/contract";
import { and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditLog, members } from "../../db/schema.js";
import { firstIdAt, newId } from "../../values/ids.js";
import type { Principal } from "../accounts/principal.js";
import { type ListQuery, type Page, pageOf } from "../shared/pagination.js";

/** The /v1 contract's entry; the application's contract describes the same shape for its page. */
type AuditEntry = components["schemas"]["AuditEntry"];
export type AuditAction = AuditEntry["action"];

export interface Actor {
  readonly type: "member" | "api_key" | "operator";
  readonly id: string | null;
  /** The OAuth app that acted for the member with an access token. */
  readonly appId?: string | null;
}

/** Who acts for a principal: the member behind a session or token (and the app, for an OAuth token), else the API key. */
export function actorOf(principal: Principal): Actor {
  return principal.memberId
    ? { type: "member", id: principal.memberId, appId: principal.appId ?? null }
    : { type: "api_key", id: principal.keyId };
}

export interface AuditRecord {
  readonly accountId: string;
  readonly actor: Actor;
  readonly action: AuditAction;
  readonly targetId?: string | null;
  readonly livemode?: boolean | null;
  readonly details?: Record<string, unknown>;
  readonly address?: string | null;
}

/** Writes one entry, in the caller's transaction when it has one: the entry stands or falls with the change. */
export async function recordAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    accountId: record.accountId,
    id: newId("auditEntry"),
    livemode: record.livemode ?? null,
    actorType: record.actor.type,
    actorId: record.actor.id,
    actorAppId: record.actor.appId ?? null,
    action: record.action,
    targetId: record.targetId ?? null,
    details: record.details ?? {},
    address: record.address ?? null,
  });
}

export type AuditFilters = ListQuery<"listAuditEntries">;

/**
 * The account's log, newest first, for `GET /v1/audit_entries` and the application's page alike.
 * Time filters are ranges of ids, which are time-sortable: a page costs the same at any depth.
 */
export async function listAuditLog(
  db: Executor,
  accountId: string,
  filters: AuditFilters,
): Promise<Page<AuditEntry>> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.accountId, accountId),
        filters.starting_after ? lt(auditLog.id, filters.starting_after) : undefined,
        filters.action ? eq(auditLog.action, filters.action) : undefined,
        filters.created_gte
          ? gte(auditLog.id, firstIdAt("auditEntry", new Date(filters.created_gte)))
          : undefined,
        filters.created_lt
          ? lt(auditLog.id, firstIdAt("auditEntry", new Date(filters.created_lt)))
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(filters.limit + 1);
  const memberIds = [
    ...new Set(rows.filter((r) => r.actorType === "member" && r.actorId).map((r) => r.actorId as string)),
  ];
  const emails = new Map<string, string>();
  if (memberIds.length > 0) {
    for (const m of await db
      .select({ id: members.id, email: members.email })
      .from(members)
      .where(inArray(members.id, memberIds)))
      emails.set(m.id, m.email);
  }
  return pageOf(
    rows.map(
      (row): AuditEntry => ({
        id: row.id,
        object: "audit_entry",
        action: row.action as AuditAction,
        actor: {
          type: row.actorType,
          id: row.actorId,
          email: row.actorId ? (emails.get(row.actorId) ?? null) : null,
          app_id: row.actorAppId,
        },
        target_id: row.targetId,
        livemode: row.livemode,
        details: row.details as Record<string, unknown>,
        address: row.address,
        created_at: row.createdAt.toISOString(),
      }),
    ),
    filters.limit,
  );
}
