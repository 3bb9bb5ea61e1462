// Generated from spec/ by packages/contract/scripts/generate.mjs. Do not edit.
import type { components } from "./schema.js";

/** The spec's string enums as values, by schema (`InvoiceStatus`) or property (`Webhook.status`). */
export const enums = {
  "AuditEntry.action": ["member.signed_in","member.sign_in_failed","member.signed_out_everywhere","member.invited","member.joined","member.role_changed","member.removed","member.password_reset","member.totp_enabled","member.totp_disabled","api_key.created","api_key.rotated","api_key.revoked","webhook.secret_rotated","account.updated","personal_access_token.created","personal_access_token.revoked"] as const satisfies readonly NonNullable<components["schemas"]["AuditEntry"]["action"]>[],
  "DeviceAuthorization.status": ["pending","approved","denied"] as const satisfies readonly NonNullable<components["schemas"]["DeviceAuthorization"]["status"]>[],
  "Problem.quota": ["live_invoices_per_month"] as const satisfies readonly NonNullable<components["schemas"]["Problem"]["quota"]>[],
  "Role": ["owner","admin","developer","accountant","viewer"] as const satisfies readonly components["schemas"]["Role"][],
};
