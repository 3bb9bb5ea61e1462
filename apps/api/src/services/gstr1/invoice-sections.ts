// b2b, b2cl and exp: one entry per invoice, so they are streamed from a cursor, never held whole.
import type { components } from "@bahi/contract";
import { toGstr1Date } from "@bahi/gst";
import type { Transaction } from "../../db/client.js";
import type { JsonSink } from "../../values/json-stream.js";
import { igstItemDetail, itemDetail, numbered, rupees } from "./amounts.js";
import { b2bInvoiceType, type DocumentRateRow, documentRateRows, forEachDocument } from "./document-rows.js";
import type { PeriodScope } from "./documents.sql.js";
import { GroupedSectionWriter } from "./section-writer.js";

type Schemas = components["schemas"];

/** Writes `b2b`, `b2cl` and `exp` from the period's invoices. */
export async function writeInvoiceSections(
  tx: Transaction,
  scope: PeriodScope,
  sink: JsonSink,
): Promise<void> {
  const b2b = new GroupedSectionWriter<Schemas["Gstr1B2b"], "inv">(sink, "b2b", "inv");
  const b2cl = new GroupedSectionWriter<Schemas["Gstr1B2cl"], "inv">(sink, "b2cl", "inv");
  const exp = new GroupedSectionWriter<Schemas["Gstr1Exp"], "inv">(sink, "exp", "inv");
  let open: { close(): Promise<void> } | null = null;
  const switchTo = async (writer: typeof b2b | typeof b2cl | typeof exp) => {
    if (open !== writer) await open?.close();
    open = writer;
  };
  await forEachDocument(tx, documentRateRows(scope, "invoices"), async (rows) => {
    const [first] = rows as [DocumentRateRow];
    const head = { inum: first.number, idt: toGstr1Date(first.date), val: rupees(first.val) };
    if (first.section === "b2b") {
      await switchTo(b2b);
      await b2b.add(
        first.ctin ?? "",
        { ctin: first.ctin ?? "" },
        {
          ...head,
          pos: first.pos,
          rchrg: first.rchrg ? "Y" : "N",
          inv_typ: b2bInvoiceType(first),
          itms: numbered(rows.map(itemDetail)),
        },
      );
    } else if (first.section === "b2cl") {
      await switchTo(b2cl);
      await b2cl.add(first.pos, { pos: first.pos }, { ...head, itms: numbered(rows.map(igstItemDetail)) });
    } else {
      await switchTo(exp);
      const expTyp = first.igst_paid ? "WPAY" : "WOPAY";
      await exp.add(
        expTyp,
        { exp_typ: expTyp },
        {
          ...head,
          ...(first.shipping_bill
            ? {
                sbpcode: first.shipping_bill.port_code,
                sbnum: first.shipping_bill.number,
                sbdt: toGstr1Date(first.shipping_bill.date),
              }
            : {}),
          itms: rows.map((row) => {
            const { rt, txval, iamt, csamt } = igstItemDetail(row);
            return { txval, rt, iamt, csamt };
          }),
        },
      );
    }
  });
  await (open as { close(): Promise<void> } | null)?.close();
}
