import type { appComponents } from "@bahi/contract/app";
import { ALL_SCOPES } from "../accounts/principal.js";

export type Role = appComponents["schemas"]["Role"];

const reads = [
  "account:read",
  "keys:read",
  "parties:read",
  "products:read",
  "invoices:read",
  "payments:read",
  "credit_notes:read",
  "debit_notes:read",
  "webhooks:read",
  "events:read",
  "gstr:read",
  "members:read",
];

/**
 * What each role may do, as scopes: the /v1 scope names, plus `members:read`, `members:write` and
 * `audit:read` of the application's contract. The one place where roles are enforced: a session's
 * principal carries these scopes, and the routers check operations' scopes against them.
 */
export const ROLE_SCOPES: Readonly<Record<Role, readonly string[]>> = {
  owner: [ALL_SCOPES],
  admin: [ALL_SCOPES],
  developer: [...reads, "keys:write", "webhooks:write"],
  accountant: [
    ...reads.filter((scope) => scope !== "keys:read" && scope !== "webhooks:read"),
    "parties:write",
    "products:write",
    "invoices:write",
    "payments:write",
    "credit_notes:write",
    "debit_notes:write",
  ],
  viewer: reads,
};

export function scopesOf(role: Role): ReadonlySet<string> {
  return new Set(ROLE_SCOPES[role]);
}

/** Owners alone make, change or remove owners; admins manage every other role. */
export function mayManageRole(actor: Role, target: Role): boolean {
  return actor === "owner" || (actor === "admin" && target !== "owner");
}
