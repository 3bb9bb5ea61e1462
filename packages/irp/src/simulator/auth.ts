import type http from "node:http";
import { validateGstin } from "@bahi/gst";
import { formatIrpDateTime } from "../ist.js";
import { aesEncrypt, decryptAuthPayload } from "../nic/crypto.js";
import { NIC_ERROR, type NicAuthData, type NicErrorDetail } from "../nic/protocol.js";
import { header, sendJson } from "./http.js";
import { fail, nicError } from "./replies.js";
import type { SimSession } from "./sessions.js";
import type { SimState } from "./state.js";

/** The auth API, and the check of the credentials and token that every other API request carries. */

/** The session of an API request's headers, or NIC's error for them. */
export function sessionOf(state: SimState, req: http.IncomingMessage): SimSession | NicErrorDetail {
  const clientId = header(req, "client_id");
  const clientSecret = header(req, "client_secret");
  if (!state.accounts.some((a) => a.clientId === clientId && a.clientSecret === clientSecret)) {
    return nicError(NIC_ERROR.invalidClient, "Invalid Client-ID/Client-Secret");
  }
  const gstin = header(req, "gstin");
  if (!gstin) return nicError(NIC_ERROR.headerGstinRequired, "Header GSTIN is required");
  const userName = header(req, "user_name");
  if (!userName) return nicError(NIC_ERROR.userNameRequired, "User Name is required");
  const session = state.sessions.find(
    header(req, "authtoken"),
    state.now(),
    state.faults.expireTokensEverySeconds,
  );
  if (!session || session.clientId !== clientId || session.userName !== userName || session.gstin !== gstin) {
    state.stats.tokensRefused++;
    return nicError(NIC_ERROR.invalidToken, "Invalid Token");
  }
  return session;
}

export function authenticate(
  state: SimState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
) {
  state.stats.auth++;
  const clientId = header(req, "client_id");
  const clientSecret = header(req, "client_secret");
  const candidates = state.accounts.filter((a) => a.clientId === clientId && a.clientSecret === clientSecret);
  if (candidates.length === 0)
    return fail(res, [nicError(NIC_ERROR.invalidClient, "Invalid Client-ID/Client-Secret")]);
  const gstin = header(req, "gstin");
  if (!gstin) return fail(res, [nicError(NIC_ERROR.headerGstinRequired, "Header GSTIN is required")]);
  let payload: ReturnType<typeof decryptAuthPayload>;
  try {
    payload = decryptAuthPayload(state.authKey, String((body as { Data?: unknown } | null)?.Data ?? ""));
  } catch {
    return fail(res, [
      nicError(NIC_ERROR.authenticationFailed, "Authentication failed. Pls. inform the helpdesk"),
    ]);
  }
  const appKey = Buffer.from(payload.AppKey, "base64");
  if (appKey.length !== 32)
    return fail(res, [nicError(NIC_ERROR.appKeyUndecryptable, "Decryption of App Key failed")]);
  const account = candidates.find((a) => a.userName === payload.UserName && a.password === payload.Password);
  if (!account) return fail(res, [nicError(NIC_ERROR.invalidCredentials, "Invalid login credentials")]);
  if (account.gstin !== gstin && !(account.gstin === "*" && validateGstin(gstin).ok)) {
    return fail(res, [nicError(NIC_ERROR.invalidGstinForUser, "Invalid GSTIN for this user")]);
  }
  const session = state.sessions.issue(
    { clientId, userName: account.userName, gstin },
    payload.ForceRefreshAccessToken,
    state.now(),
    state.tokenTtlMs,
    state.faults.expireTokensEverySeconds,
  );
  const data: NicAuthData = {
    ClientId: clientId,
    UserName: account.userName,
    AuthToken: session.token,
    Sek: aesEncrypt(appKey, session.sek),
    TokenExpiry: formatIrpDateTime(new Date(session.expiresAt)),
  };
  sendJson(res, 200, { Status: 1, Data: data, ErrorDetails: null, InfoDtls: null });
}
