import type http from "node:http";
import { computeIrn } from "@bahi/gst";
import { documentDateToIso, formatIrpDateTime, istToday } from "../ist.js";
import { signRs256Jwt } from "../jwt.js";
import { decryptJson } from "../nic/crypto.js";
import { DUPLICATE_INFO_CODE, NIC_ERROR } from "../nic/protocol.js";
import type { EInvoice } from "../provider.js";
import { sessionOf } from "./auth.js";
import { fail, irnData, nicError, succeed } from "./replies.js";
import type { SimState } from "./state.js";
import type { SimRegistration } from "./store.js";
import { validateInvoice } from "./validate.js";

/**
 * Generate IRN: validates the document, computes its IRN, answers a repeat as NIC's duplicate, else
 * signs a new registration and keeps it in the store (and drops the connection after it, when asked to).
 */
export async function generate(
  state: SimState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
) {
  state.stats.generate++;
  const session = sessionOf(state, req);
  if (!("token" in session)) return fail(res, [session]);
  let document: unknown;
  try {
    document = decryptJson(session.sek, String((body as { Data?: unknown } | null)?.Data ?? ""));
  } catch {
    return fail(res, [
      nicError(NIC_ERROR.invalidSchema, "The request payload could not be decrypted with the session's key."),
    ]);
  }
  const errors = validateInvoice(document, session.gstin, istToday(new Date(state.now())));
  if (errors.length > 0) {
    state.stats.rejected++;
    return fail(res, errors);
  }
  const invoice = document as EInvoice;
  const irn = computeIrn({
    supplierGstin: invoice.SellerDtls.Gstin,
    date: documentDateToIso(invoice.DocDtls.Dt) ?? "",
    docType: invoice.DocDtls.Typ,
    docNumber: invoice.DocDtls.No,
  });
  // No await unless a registration of this IRN is being signed: two repeats must not both register.
  const beingSigned = state.signing.get(irn);
  const existing = state.store.get(irn) ?? (beingSigned ? await beingSigned : undefined);
  if (existing) {
    state.stats.duplicates++;
    const desc = { AckNo: Number(existing.ackNo), AckDt: existing.ackDt, Irn: existing.irn };
    return fail(
      res,
      [nicError(NIC_ERROR.duplicateIrn, "Duplicate IRN")],
      [{ InfCd: DUPLICATE_INFO_CODE, Desc: desc }],
    );
  }
  const pending = register(state, invoice, irn, session.gstin);
  state.signing.set(irn, pending);
  const registration = await pending.finally(() => state.signing.delete(irn));
  if (!registration) return res.destroy();
  let drop = false;
  if (state.faults.dropAfterRegisterNext > 0) {
    state.faults = { ...state.faults, dropAfterRegisterNext: state.faults.dropAfterRegisterNext - 1 };
    drop = true;
  } else if (state.faults.dropAfterRegisterRate > 0) {
    drop = state.faultRandom.next() < state.faults.dropAfterRegisterRate;
  }
  if (drop) {
    state.stats.dropped++;
    req.socket.destroy();
    return;
  }
  succeed(res, session, irnData(registration));
}

/** Signs and keeps a new registration (null when the simulator closed meanwhile). */
async function register(
  state: SimState,
  document: EInvoice,
  irn: string,
  gstin: string,
): Promise<SimRegistration | null> {
  const registeredAt = Math.floor(state.now() / 1000) * 1000;
  state.lastAckNo += 1n;
  const ackNo = state.lastAckNo.toString().padStart(15, "0");
  const ackDt = formatIrpDateTime(new Date(registeredAt));
  const mainHsn = [...document.ItemList].sort((a, b) => b.AssAmt - a.AssAmt)[0]?.HsnCd ?? "";
  const qr = {
    SellerGstin: document.SellerDtls.Gstin,
    BuyerGstin: document.BuyerDtls.Gstin,
    DocNo: document.DocDtls.No,
    DocTyp: document.DocDtls.Typ,
    DocDt: document.DocDtls.Dt,
    TotInvVal: document.ValDtls.TotInvVal,
    ItemCnt: document.ItemList.length,
    MainHsnCode: mainHsn,
    Irn: irn,
    IrnDt: ackDt,
  };
  const { issuer, signingKey, signingJwk } = state;
  const [signedInvoice, signedQrCode] = await Promise.all([
    signRs256Jwt(
      { data: JSON.stringify({ AckNo: Number(ackNo), AckDt: ackDt, Irn: irn, ...document }), iss: issuer },
      signingKey,
      signingJwk.kid,
    ),
    signRs256Jwt({ data: JSON.stringify(qr), iss: issuer }, signingKey, signingJwk.kid),
  ]);
  if (state.closed) return null;
  const registration: SimRegistration = {
    irn,
    gstin,
    docType: document.DocDtls.Typ,
    docNumber: document.DocDtls.No,
    docDate: document.DocDtls.Dt,
    ackNo,
    ackDt,
    registeredAt,
    signedInvoice,
    signedQrCode,
    status: "ACT",
  };
  state.store.add(registration);
  state.stats.registered++;
  return registration;
}
