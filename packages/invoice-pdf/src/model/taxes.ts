import { parseRupees } from "@bahi/gst";
import { formatRupeeAmount } from "../format.js";
import type { AnyDocument } from "../types.js";
import type { TotalLine } from "./document-view.js";

/** The taxes of a document: the lines of its totals, and the reverse charge statement that names them. */

export function isZero(amount: number): boolean {
  return parseRupees(amount) === 0n;
}

export function taxTotals(document: AnyDocument, withCess: boolean): TotalLine[] {
  const lines: TotalLine[] = [{ label: "Taxable value", value: formatRupeeAmount(document.taxable_value) }];
  const intra = document.supply_type === "intra_state";
  if (intra || !isZero(document.cgst)) {
    lines.push({ label: "CGST", value: formatRupeeAmount(document.cgst) });
    lines.push({ label: document.sgst_label, value: formatRupeeAmount(document.sgst) });
  }
  if (!intra || !isZero(document.igst))
    lines.push({ label: "IGST", value: formatRupeeAmount(document.igst) });
  if (withCess) lines.push({ label: "Cess", value: formatRupeeAmount(document.cess) });
  lines.push({ label: "Round off", value: formatRupeeAmount(document.round_off) });
  return lines;
}

/** The taxes of a document as a list (`CGST ₹9.00 and SGST ₹9.00`), for the reverse charge statement. */
function taxList(document: AnyDocument, withCess: boolean): string {
  const parts: string[] = [];
  if (document.supply_type === "intra_state" || !isZero(document.cgst)) {
    parts.push(
      `CGST ${formatRupeeAmount(document.cgst)}`,
      `${document.sgst_label} ${formatRupeeAmount(document.sgst)}`,
    );
  }
  if (document.supply_type === "inter_state" || !isZero(document.igst)) {
    parts.push(`IGST ${formatRupeeAmount(document.igst)}`);
  }
  if (withCess) parts.push(`cess ${formatRupeeAmount(document.cess)}`);
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

export function reverseChargeStatement(document: AnyDocument, withCess: boolean, noun: string): string {
  if (!document.reverse_charge) return "Tax is payable on reverse charge: No.";
  return (
    `Tax is payable on reverse charge: Yes. The recipient pays the GST on this ${noun} ` +
    `(${taxList(document, withCess)}) to the government under reverse charge; it is not included in the total.`
  );
}
