// The device authorization grant's state (RFC 8628): a device asks for codes, a member approves or
// denies the user code at /app/device, and the device polls the token endpoint with its device code
// (services/oauth/device-grant.ts). Both codes are kept only as SHA-256 digests.
import { randomInt } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { oauthApps, oauthDeviceCodes, userCodeFailures } from "../../db/schema.js";
import { hashSecret, newPrefixedSecret, OAUTH_DEVICE_CODE_PREFIX } from "../../secrets/api-key-secrets.js";
import { newId } from "../../values/ids.js";
import { ApiError } from "../../values/problem.js";
import type { OAuthUser } from "./model.js";

/** DEVICE_CODE_LIFETIME_SECONDS: how long the member has to approve, and the device to poll. */
export const DEVICE_CODE_LIFETIME_SECONDS = 600;
/** DEVICE_CODE_POLL_INTERVAL_SECONDS: the least time between two polls of one device code. */
export const DEVICE_CODE_POLL_INTERVAL_SECONDS = 5;
/** SLOW_DOWN_STEP_SECONDS: what each too-early poll adds to the interval (RFC 8628 3.5). */
export const SLOW_DOWN_STEP_SECONDS = 5;
/** USER_CODE_ALPHABET: RFC 8628 6.1's consonants, no vowels (no words) and none that look alike. */
export const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
/** USER_CODE_LENGTH: 8 of 20 letters, about 34 bits; shown as two groups of four. */
export const USER_CODE_LENGTH = 8;
/** USER_CODE_FAILURES_PER_MEMBER: user codes a member may type wrong within the window. */
export const USER_CODE_FAILURES_PER_MEMBER = 10;
/** USER_CODE_WINDOW_MINUTES: how long a wrong user code counts. */
export const USER_CODE_WINDOW_MINUTES = 15;

const WINDOW_MS = USER_CODE_WINDOW_MINUTES * 60_000;
/** Expired device codes are deleted a day after, so that a late poll still reads `expired_token`. */
const KEPT_AFTER_EXPIRY_MS = 86_400_000;

export type DeviceCodeRow = typeof oauthDeviceCodes.$inferSelect;

function newUserCode(): string {
  let code = "";
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** A user code as a person reads it: BCDF-GHJK. */
export const shownUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * What a member typed, as a user code: case does not matter and characters outside the alphabet
 * (the dash, spaces) are ignored (RFC 8628 6.1). Null when it cannot be one.
 */
export function normalUserCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[^A-Z]/g, "");
  if (code.length !== USER_CODE_LENGTH) return null;
  return [...code].every((c) => USER_CODE_ALPHABET.includes(c)) ? code : null;
}

export interface NewDeviceAuthorization {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly expiresIn: number;
  readonly interval: number;
}

/** Issues a device code and a user code for an app's request of `scopes`. */
export async function startDeviceAuthorization(
  db: Executor,
  appId: string,
  scopes: readonly string[],
  now: Date,
): Promise<NewDeviceAuthorization> {
  await db
    .delete(oauthDeviceCodes)
    .where(lt(oauthDeviceCodes.expiresAt, new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS)));
  const device = newPrefixedSecret(OAUTH_DEVICE_CODE_PREFIX);
  // A user code already in use (about one in 10^10 per code alive) is drawn again.
  for (;;) {
    const userCode = newUserCode();
    const inserted = await db
      .insert(oauthDeviceCodes)
      .values({
        deviceCodeHash: device.hash,
        userCodeHash: hashSecret(userCode),
        grantId: newId("oauthGrant"),
        appId,
        scopes: [...scopes],
        status: "pending",
        intervalSeconds: DEVICE_CODE_POLL_INTERVAL_SECONDS,
        expiresAt: new Date(now.getTime() + DEVICE_CODE_LIFETIME_SECONDS * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: oauthDeviceCodes.deviceCodeHash });
    if (inserted.length === 1) {
      return {
        deviceCode: device.secret,
        userCode,
        expiresIn: DEVICE_CODE_LIFETIME_SECONDS,
        interval: DEVICE_CODE_POLL_INTERVAL_SECONDS,
      };
    }
  }
}

/**
 * Refuses (429 with Retry-After) a member who typed too many wrong user codes in the window, before
 * the code is looked at: a right guess does not get through either.
 */
export async function checkUserCodeThrottle(db: Executor, memberId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const [row] = await db
    .select({
      count: sql<string>`count(*)::text`,
      oldest: sql<string | null>`min(${userCodeFailures.at})::text`,
    })
    .from(userCodeFailures)
    .where(and(eq(userCodeFailures.memberId, memberId), gt(userCodeFailures.at, since)));
  if (row && Number(row.count) >= USER_CODE_FAILURES_PER_MEMBER) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - now.getTime()) / 1000));
    throw new ApiError(
      429,
      "user_code_throttled",
      `Too many wrong codes; try again in ${retryAfter} seconds.`,
      { title: "Too many wrong codes", headers: { "Retry-After": String(retryAfter) } },
    );
  }
}

export interface PendingDeviceAuthorization {
  readonly row: DeviceCodeRow;
  readonly userCode: string;
  readonly appName: string;
}

/**
 * The authorization waiting for the code a member typed. A code that is wrong, expired, or already
 * answered is 404 alike, and counts against the member.
 */
export async function findPendingByUserCode(
  db: Executor,
  memberId: string,
  typed: string,
  now: Date,
): Promise<PendingDeviceAuthorization> {
  await checkUserCodeThrottle(db, memberId, now);
  const userCode = normalUserCode(typed);
  const [found] = userCode
    ? await db
        .select({ row: oauthDeviceCodes, appName: oauthApps.name })
        .from(oauthDeviceCodes)
        .innerJoin(oauthApps, eq(oauthApps.id, oauthDeviceCodes.appId))
        .where(
          and(
            eq(oauthDeviceCodes.userCodeHash, hashSecret(userCode)),
            eq(oauthDeviceCodes.status, "pending"),
            gt(oauthDeviceCodes.expiresAt, now),
          ),
        )
    : [];
  if (!found || !userCode) {
    await db.insert(userCodeFailures).values({ memberId, at: now });
    throw new ApiError(
      404,
      "unknown_user_code",
      "No sign-in waits for this code: check it, or start again on the device.",
      { title: "Unknown code" },
    );
  }
  return { row: found.row, userCode, appName: found.appName };
}

/**
 * The member's answer to a pending authorization. One answer wins: a second one (or one after
 * expiry) finds nothing pending.
 */
export async function answerDeviceAuthorization(
  db: Executor,
  deviceCodeHash: string,
  answer: { approvedFor: Omit<OAuthUser, "grantId"> } | { denied: true },
  now: Date,
): Promise<boolean> {
  const set =
    "approvedFor" in answer
      ? {
          status: "approved" as const,
          memberId: answer.approvedFor.memberId,
          accountId: answer.approvedFor.accountId,
          livemode: answer.approvedFor.livemode,
        }
      : { status: "denied" as const };
  const changed = await db
    .update(oauthDeviceCodes)
    .set(set)
    .where(
      and(
        eq(oauthDeviceCodes.deviceCodeHash, deviceCodeHash),
        eq(oauthDeviceCodes.status, "pending"),
        gt(oauthDeviceCodes.expiresAt, now),
      ),
    )
    .returning({ id: oauthDeviceCodes.deviceCodeHash });
  return changed.length === 1;
}

/** What a poll of the token endpoint finds: the grant class answers each with its RFC 8628 error. */
export type DevicePoll =
  | { readonly state: "unknown" | "expired" | "denied" | "pending" | "slow_down" }
  | { readonly state: "used"; readonly grantId: string }
  | { readonly state: "approved"; readonly user: OAuthUser; readonly scopes: string[] };

/**
 * One poll by `clientId` with its device code. A pending code polled sooner than its interval gets
 * `slow_down` and a longer interval; an approved one is marked used, by one poll only.
 */
export async function pollDeviceCode(
  db: Executor,
  clientId: string,
  deviceCode: string,
  now: Date,
): Promise<DevicePoll> {
  const digest = hashSecret(deviceCode);
  const [row] = await db.select().from(oauthDeviceCodes).where(eq(oauthDeviceCodes.deviceCodeHash, digest));
  if (!row || row.appId !== clientId) return { state: "unknown" };
  if (row.status === "used") return { state: "used", grantId: row.grantId };
  if (row.expiresAt <= now) return { state: "expired" };
  if (row.status === "denied") return { state: "denied" };
  if (row.status === "pending") {
    const tooSoon =
      row.lastPolledAt !== null && now.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000;
    await db
      .update(oauthDeviceCodes)
      .set({
        lastPolledAt: now,
        intervalSeconds: tooSoon ? row.intervalSeconds + SLOW_DOWN_STEP_SECONDS : row.intervalSeconds,
      })
      .where(eq(oauthDeviceCodes.deviceCodeHash, digest));
    return { state: tooSoon ? "slow_down" : "pending" };
  }
  const used = await db
    .update(oauthDeviceCodes)
    .set({ status: "used", lastPolledAt: now })
    .where(and(eq(oauthDeviceCodes.deviceCodeHash, digest), eq(oauthDeviceCodes.status, "approved")))
    .returning({ id: oauthDeviceCodes.deviceCodeHash });
  if (used.length !== 1 || !row.memberId || !row.accountId || row.livemode === null) {
    return { state: "used", grantId: row.grantId };
  }
  return {
    state: "approved",
    user: { memberId: row.memberId, accountId: row.accountId, livemode: row.livemode, grantId: row.grantId },
    scopes: row.scopes,
  };
}
