import type http from "node:http";
import { formatIrpDateTime } from "../ist.js";
import { decryptJson } from "../nic/crypto.js";
import { NIC_ERROR, type NicCancelData, type NicErrorDetail } from "../nic/protocol.js";
import { sessionOf } from "./auth.js";
import { fail, nicError, succeed } from "./replies.js";
import type { SimState } from "./state.js";

/** Cancel IRN: the user's own, active registration, within the cancellation window. */
export function cancel(state: SimState, req: http.IncomingMessage, res: http.ServerResponse, body: unknown) {
  const session = sessionOf(state, req);
  if (!("token" in session)) return fail(res, [session]);
  let request: Record<string, unknown>;
  try {
    request = decryptJson(session.sek, String((body as { Data?: unknown } | null)?.Data ?? "")) as Record<
      string,
      unknown
    >;
  } catch {
    return fail(res, [
      nicError(NIC_ERROR.invalidSchema, "The request payload could not be decrypted with the session's key."),
    ]);
  }
  const problems: NicErrorDetail[] = [];
  if (!["1", "2", "3", "4"].includes(String(request.CnlRsn))) {
    problems.push(nicError(NIC_ERROR.invalidSchema, "The field CnlRsn must be 1, 2, 3 or 4."));
  }
  if (typeof request.CnlRem !== "string" || request.CnlRem.length > 100) {
    problems.push(
      nicError(NIC_ERROR.invalidSchema, "The field CnlRem must be a string with a maximum length of 100."),
    );
  }
  if (problems.length > 0) return fail(res, problems);
  const registration = typeof request.Irn === "string" ? state.store.get(request.Irn) : undefined;
  if (!registration)
    return fail(res, [nicError(NIC_ERROR.irnNotAvailable, "Requested IRN data is not available")]);
  if (registration.gstin !== session.gstin) {
    return fail(res, [nicError(NIC_ERROR.notTheUsersInvoice, "Invoice does not belongs to the user GSTIN")]);
  }
  if (registration.status === "CNL")
    return fail(res, [nicError(NIC_ERROR.notActive, "Invoice is not active")]);
  if (state.now() - registration.registeredAt > state.cancelWindowMs) {
    return fail(res, [
      nicError(
        NIC_ERROR.cancelWindowPassed,
        "The allowed cancellation time limit is crossed, you cannot cancel the IRN",
      ),
    ]);
  }
  const cancelDate = formatIrpDateTime(new Date(state.now()));
  state.store.cancel(registration, cancelDate);
  state.stats.cancelled++;
  const data: NicCancelData = { Irn: registration.irn, CancelDate: cancelDate };
  succeed(res, session, data);
}
