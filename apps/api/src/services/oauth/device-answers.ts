import type { appComponents } from "@bahi/contract/app";
import type { Database } from "../../db/client.js";
import { ApiError, field, notFound } from "../../values/problem.js";
import { accountsOfMember } from "./apps.js";
import {
  answerDeviceAuthorization,
  findPendingByUserCode,
  type PendingDeviceAuthorization,
  shownUserCode,
} from "./device-codes.js";
import { grantableScopes } from "./model.js";

type DeviceAuthorization = appComponents["schemas"]["DeviceAuthorization"];
type DeviceAuthorizationAnswer = appComponents["schemas"]["DeviceAuthorizationAnswer"];

export function toDeviceAuthorization(
  pending: PendingDeviceAuthorization,
  status: DeviceAuthorization["status"],
): DeviceAuthorization {
  return {
    object: "device_authorization",
    user_code: shownUserCode(pending.userCode),
    client_id: pending.row.appId,
    app_name: pending.appName,
    scopes: pending.row.scopes,
    status,
    expires_at: pending.row.expiresAt.toISOString(),
  };
}

/** The request waiting for the user code a member typed (404 and counted when there is none). */
export async function readDeviceAuthorization(
  db: Database,
  memberId: string,
  userCode: string,
  now: Date,
): Promise<DeviceAuthorization> {
  return toDeviceAuthorization(await findPendingByUserCode(db, memberId, userCode, now), "pending");
}

/**
 * A member approves a device's request for an account and mode they choose (with scopes their role
 * there allows), or denies it. A request is answered once.
 */
export async function decideDeviceAuthorization(
  db: Database,
  knownScopes: ReadonlySet<string>,
  memberId: string,
  answer: DeviceAuthorizationAnswer,
  now: Date,
): Promise<DeviceAuthorization> {
  const pending = await findPendingByUserCode(db, memberId, answer.user_code, now);
  const gone = () =>
    new ApiError(404, "unknown_user_code", "This code was answered or expired meanwhile.", {
      title: "Unknown code",
    });
  if (!answer.allowed) {
    if (!(await answerDeviceAuthorization(db, pending.row.deviceCodeHash, { denied: true }, now)))
      throw gone();
    return toDeviceAuthorization(pending, "denied");
  }
  const accountId = answer.account_id;
  if (!accountId) {
    throw new ApiError(400, "validation_failed", "Name the business account to approve for.", {
      errors: [field("required", "/account_id", "account_id is required to approve.")],
    });
  }
  const mine = await accountsOfMember(db, memberId);
  if (!mine.some((a) => a.accountId === accountId)) throw notFound("account", accountId);
  const user = { memberId, accountId, livemode: answer.livemode ?? false };
  if (!(await grantableScopes(db, user, pending.row.scopes, knownScopes))) {
    throw new ApiError(
      403,
      "scope_beyond_role",
      "Your role in this account does not allow everything the app asks for.",
      { title: "Not allowed for your role" },
    );
  }
  if (!(await answerDeviceAuthorization(db, pending.row.deviceCodeHash, { approvedFor: user }, now))) {
    throw gone();
  }
  return toDeviceAuthorization(pending, "approved");
}
