import type http from "node:http";
import { computeIrn, type DocumentType } from "@bahi/gst";
import { documentDateToIso } from "../ist.js";
import { NIC_ERROR } from "../nic/protocol.js";
import { sessionOf } from "./auth.js";
import { fail, irnData, nicError, succeed } from "./replies.js";
import type { SimSession } from "./sessions.js";
import type { SimState } from "./state.js";

/** Get e-invoice by IRN, and Get IRN by document details. */

export function byIrn(state: SimState, req: http.IncomingMessage, res: http.ServerResponse, irn: string) {
  state.stats.lookups++;
  const session = sessionOf(state, req);
  if (!("token" in session)) return fail(res, [session]);
  answerRegistration(state, res, session, irn);
}

export function byDocDetails(
  state: SimState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  query: URLSearchParams,
) {
  state.stats.lookups++;
  const session = sessionOf(state, req);
  if (!("token" in session)) return fail(res, [session]);
  let irn: string;
  try {
    irn = computeIrn({
      supplierGstin: session.gstin,
      date: documentDateToIso(query.get("docdate") ?? "") ?? "",
      docType: (query.get("doctype") ?? "") as DocumentType,
      docNumber: query.get("docnum") ?? "",
    });
  } catch {
    return fail(res, [
      nicError(
        NIC_ERROR.invalidSchema,
        "Invalid document details: doctype, docnum and docdate (dd/mm/yyyy).",
      ),
    ]);
  }
  answerRegistration(state, res, session, irn);
}

/** The registration, if it is the user's and recent enough. */
function answerRegistration(
  state: SimState,
  res: http.ServerResponse,
  session: SimSession,
  irn: string | null,
) {
  const registration = irn ? state.store.get(irn) : undefined;
  if (!registration)
    return fail(res, [nicError(NIC_ERROR.irnNotAvailable, "Requested IRN data is not available")]);
  if (registration.gstin !== session.gstin) {
    return fail(res, [nicError(NIC_ERROR.notTheUsersInvoice, "Invoice does not belongs to the user GSTIN")]);
  }
  if (state.now() - registration.registeredAt > state.lookupWindowMs) {
    return fail(res, [
      nicError(
        NIC_ERROR.detailsTooOld,
        "IRN details cannot be provided as it is generated more than 2 days ago",
      ),
    ]);
  }
  succeed(res, session, irnData(registration));
}
