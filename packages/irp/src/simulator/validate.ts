import { isValidDate, isValidHsn, validateGstin } from "@bahi/gst";
import { documentDateToIso } from "../ist.js";
import { NIC_ERROR, type NicErrorDetail } from "../nic/protocol.js";

/** NIC's GSTIN "not present in the system": here, a GSTIN whose check character is wrong. */
export const GSTIN_NOT_PRESENT = "3028";

type Json = Record<string, unknown>;

const SUPPLY_TYPES = new Set(["B2B", "SEZWP", "SEZWOP", "EXPWP", "EXPWOP", "DEXP"]);
const DOCUMENT_NUMBER = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;
const STATE_CODE = /^\d{2}$/;
const MAX_ITEMS = 1000;

const paise = (rupees: number) => Math.round(rupees * 100);
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The basics of NIC's validation of an INV-01 document: the schema's shape (error 2140, one message a
 * field, as NIC writes them), then the rules Bahi's documents could break: the seller is the user's
 * GSTIN (2143), GSTINs exist (3028, here: a right check character), no future date (2163), HSN codes
 * (2176), each line's AssAmt (2193), no IGST within a state on a B2B supply (2172), and the totals
 * (2182, and 2189 within ₹1). Answers the errors, none when the document passes.
 */
export function validateInvoice(document: unknown, userGstin: string, today: string): NicErrorDetail[] {
  const schema = schemaErrors(document);
  if (schema.length > 0)
    return schema.map((message) => ({ ErrorCode: NIC_ERROR.invalidSchema, ErrorMessage: message }));
  const doc = document as Json & {
    TranDtls: Json;
    DocDtls: Json;
    SellerDtls: Json;
    BuyerDtls: Json;
    ItemList: Json[];
    ValDtls: Json;
  };
  const errors: NicErrorDetail[] = [];
  const add = (code: string, message: string) => errors.push({ ErrorCode: code, ErrorMessage: message });

  const seller = String(doc.SellerDtls.Gstin);
  if (seller !== userGstin) add(NIC_ERROR.notTheUsersInvoice, "Invoice does not belongs to the user GSTIN");
  for (const gstin of [seller, String(doc.BuyerDtls.Gstin)]) {
    if (gstin !== "URP" && validateGstin(gstin).ok === false)
      add(GSTIN_NOT_PRESENT, `GSTIN - ${gstin} is not present in invoice system`);
  }
  const date = documentDateToIso(String(doc.DocDtls.Dt)) ?? "";
  if (date > today) add(NIC_ERROR.futureDocumentDate, "The document date should not be future date");

  const badHsn = doc.ItemList.map((item) => String(item.HsnCd)).filter((hsn) => !isValidHsn(hsn));
  if (badHsn.length > 0) add(NIC_ERROR.invalidHsn, `Invalid HSN code(s)-${badHsn.join(",")}`);

  const intraState = doc.SellerDtls.Stcd === doc.BuyerDtls.Pos;
  const domesticB2b = doc.TranDtls.SupTyp === "B2B" || doc.TranDtls.SupTyp === "DEXP";
  let assessable = 0;
  let taxes = 0;
  for (const item of doc.ItemList) {
    const [total, discount, assAmt] = [item.TotAmt, item.Discount ?? 0, item.AssAmt].map((v) =>
      paise(Number(v)),
    );
    if (assAmt !== (total ?? 0) - (discount ?? 0)) {
      add(
        NIC_ERROR.assessableAmountMismatch,
        `For HSN - ${String(item.HsnCd)} and Sl. No - ${String(item.SlNo)}, AssAmt value should be equal to (TotAmt - Discount)`,
      );
    }
    if (intraState && domesticB2b && Number(item.IgstAmt ?? 0) > 0) {
      add(
        NIC_ERROR.igstOnIntraState,
        `For intrastate transaction, IGST amounts are not applicable for items - ${String(item.HsnCd)} and Sl. No ${String(item.SlNo)}, only CGST and SGST amounts are applicable`,
      );
    }
    assessable += assAmt ?? 0;
    taxes += ["IgstAmt", "CgstAmt", "SgstAmt", "CesAmt"].reduce(
      (sum, key) => sum + paise(Number(item[key] ?? 0)),
      0,
    );
  }
  const values = doc.ValDtls;
  if (paise(Number(values.AssVal)) !== assessable) {
    add(
      NIC_ERROR.taxableValueMismatch,
      "The taxable value of all items must be equal to the total taxable value",
    );
  }
  const expected =
    assessable +
    taxes +
    paise(Number(values.OthChrg ?? 0)) -
    paise(Number(values.Discount ?? 0)) +
    paise(Number(values.RndOffAmt ?? 0));
  if (Math.abs(paise(Number(values.TotInvVal)) - expected) > 100) {
    add(NIC_ERROR.invoiceValueMismatch, "Invalid total invoice value");
  }
  return errors;
}

/** The schema's checks that Bahi's fields meet, with NIC's way of naming them. */
function schemaErrors(document: unknown): string[] {
  const errors: string[] = [];
  if (!isObject(document)) return ["The request payload is not an e-invoice document."];
  const required = (parent: Json, path: string, key: string): unknown => {
    const value = parent[key];
    if (value === undefined || value === null || value === "")
      errors.push(`The ${path}${key} field is required.`);
    return value;
  };
  const text = (parent: Json, path: string, key: string, min: number, max: number) => {
    const value = required(parent, path, key);
    if (value === undefined || value === null || value === "") return;
    if (typeof value !== "string" || value.length < min || value.length > max) {
      errors.push(
        `The field ${path}${key} must be a string with a minimum length of ${min} and a maximum length of ${max}.`,
      );
    }
  };
  const pattern = (parent: Json, path: string, key: string, regex: RegExp) => {
    const value = required(parent, path, key);
    if (
      value !== undefined &&
      value !== null &&
      value !== "" &&
      !(typeof value === "string" && regex.test(value))
    ) {
      errors.push(`The field ${path}${key} is not valid.`);
    }
  };
  const oneOf = (parent: Json, path: string, key: string, allowed: ReadonlySet<string>) => {
    const value = required(parent, path, key);
    if (value !== undefined && !allowed.has(String(value)))
      errors.push(`The field ${path}${key} has an invalid value.`);
  };
  const number = (parent: Json, path: string, key: string, min: number, max: number, optional = false) => {
    const value = parent[key];
    if (optional && (value === undefined || value === null)) return;
    if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
      errors.push(`The field ${path}${key} must be a number between ${min} and ${max}.`);
    }
  };
  const part = (key: string): Json | null => {
    const value = document[key];
    if (!isObject(value)) {
      errors.push(`The ${key} field is required.`);
      return null;
    }
    return value;
  };

  if (document.Version !== "1.1") errors.push("The field Version must be 1.1.");
  const tran = part("TranDtls");
  if (tran) {
    oneOf(tran, "TranDtls.", "TaxSch", new Set(["GST"]));
    oneOf(tran, "TranDtls.", "SupTyp", SUPPLY_TYPES);
    oneOf(tran, "TranDtls.", "RegRev", new Set(["Y", "N"]));
  }
  const doc = part("DocDtls");
  if (doc) {
    oneOf(doc, "DocDtls.", "Typ", new Set(["INV", "CRN", "DBN"]));
    pattern(doc, "DocDtls.", "No", DOCUMENT_NUMBER);
    const date = required(doc, "DocDtls.", "Dt");
    const iso = typeof date === "string" ? documentDateToIso(date) : null;
    if (date !== undefined && (!iso || !isValidDate(iso)))
      errors.push("The field DocDtls.Dt must be a date dd/mm/yyyy.");
  }
  for (const key of ["SellerDtls", "BuyerDtls"] as const) {
    const party = part(key);
    if (!party) continue;
    const path = `${key}.`;
    pattern(party, path, "Gstin", key === "BuyerDtls" ? /^([0-9A-Z]{15}|URP)$/ : /^[0-9A-Z]{15}$/);
    text(party, path, "LglNm", 3, 100);
    text(party, path, "Addr1", 1, 100);
    text(party, path, "Loc", 3, 100);
    number(party, path, "Pin", 100000, 999999);
    pattern(party, path, "Stcd", STATE_CODE);
    if (key === "BuyerDtls") pattern(party, path, "Pos", STATE_CODE);
  }
  const items = document.ItemList;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS) {
    errors.push(`The field ItemList must have from 1 to ${MAX_ITEMS} items.`);
  } else {
    items.forEach((item: unknown, i) => {
      const path = `ItemList[${i}].`;
      if (!isObject(item)) {
        errors.push(`The ${path.slice(0, -1)} must be an item.`);
        return;
      }
      text(item, path, "SlNo", 1, 6);
      oneOf(item, path, "IsServc", new Set(["Y", "N"]));
      pattern(item, path, "HsnCd", /^\d{4,8}$/);
      for (const key of ["TotAmt", "AssAmt", "GstRt", "TotItemVal"]) number(item, path, key, 0, 1e12);
      for (const key of [
        "Qty",
        "UnitPrice",
        "Discount",
        "IgstAmt",
        "CgstAmt",
        "SgstAmt",
        "CesRt",
        "CesAmt",
      ]) {
        number(item, path, key, 0, 1e12, true);
      }
    });
  }
  const values = part("ValDtls");
  if (values) {
    for (const key of ["AssVal", "TotInvVal"]) number(values, "ValDtls.", key, 0, 1e12);
    number(values, "ValDtls.", "RndOffAmt", -99.99, 99.99, true);
  }
  return errors;
}
