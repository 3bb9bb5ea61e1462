import { formatHalfPercent, formatMoney, formatPercent, formatQuantity, formatUnitPrice } from "../format.js";
import type { AnyDocument, AnyItem, RenderDocumentInput } from "../types.js";
import type { Column } from "./document-view.js";

/** The table of lines: which columns a document has, and each line's cells as text. */

function taxColumns(document: AnyDocument, withCess: boolean): Column[] {
  const columns: Column[] = [];
  if (document.supply_type === "intra_state") {
    const sgst = document.sgst_label;
    columns.push(
      { key: "cgst_rate", header: ["Rate"], group: "CGST", width: 25, align: "right" },
      { key: "cgst", header: ["Amount"], group: "CGST", width: 44, align: "right" },
      { key: "sgst_rate", header: ["Rate"], group: sgst, width: 25, align: "right" },
      { key: "sgst", header: ["Amount"], group: sgst, width: 44, align: "right" },
    );
  } else {
    columns.push(
      { key: "igst_rate", header: ["Rate"], group: "IGST", width: 25, align: "right" },
      { key: "igst", header: ["Amount"], group: "IGST", width: 48, align: "right" },
    );
  }
  if (withCess) columns.push({ key: "cess", header: ["Cess"], width: 42, align: "right" });
  return columns;
}

export function columnsFor(
  kind: RenderDocumentInput["kind"],
  document: AnyDocument,
  withCess: boolean,
): Column[] {
  const columns: Column[] = [
    { key: "sl", header: ["#"], width: 21, align: "right" },
    { key: "description", header: ["Description"], width: 0, align: "left" },
    { key: "hsn", header: ["HSN/SAC"], width: 39, align: "left" },
  ];
  if (kind !== "debit_note") {
    columns.push(
      { key: "qty", header: ["Qty"], width: 37, align: "right" },
      { key: "unit", header: ["Unit"], width: 23, align: "left" },
      { key: "rate", header: ["Rate"], width: 44, align: "right" },
      { key: "discount", header: ["Discount"], width: 37, align: "right" },
    );
  }
  columns.push({ key: "taxable", header: ["Taxable", "value"], width: 53, align: "right" });
  columns.push(...taxColumns(document, withCess));
  columns.push({ key: "total", header: ["Total"], width: 54, align: "right" });
  return columns;
}

export function cell(key: string, item: AnyItem, index: number): string {
  switch (key) {
    case "sl":
      return String(index + 1);
    case "description":
      return item.description;
    case "hsn":
      return item.hsn_code ?? "";
    case "qty":
      return "qty" in item && item.qty !== null ? formatQuantity(item.qty) : "";
    case "unit":
      return "qty" in item && item.qty !== null ? item.unit : "";
    case "rate":
      return "rate" in item && item.rate !== null ? formatUnitPrice(item.rate) : "";
    case "discount":
      return "discount" in item ? formatMoney(item.discount) : "";
    case "taxable":
      return formatMoney(item.taxable_value);
    case "cgst_rate":
    case "sgst_rate":
      return formatHalfPercent(item.gst_rate);
    case "igst_rate":
      return formatPercent(item.gst_rate);
    case "cgst":
      return formatMoney(item.cgst);
    case "sgst":
      return formatMoney(item.sgst);
    case "igst":
      return formatMoney(item.igst);
    case "cess":
      return formatMoney(item.cess);
    case "total":
      return formatMoney(item.total);
    default:
      return "";
  }
}
