// cdnr and cdnur: one entry per credit or debit note, streamed like the invoices. Notes against B2CS
// invoices are not listed: they go into the b2cs rows (see line-sums.ts), as the portal expects.
import type { components } from "@bahi/contract";
import { toGstr1Date } from "@bahi/gst";
import type { Transaction } from "../../db/client.js";
import type { JsonSink } from "../../values/json-stream.js";
import { igstItemDetail, itemDetail, numbered, rupees } from "./amounts.js";
import { b2bInvoiceType, type DocumentRateRow, documentRateRows, forEachDocument } from "./document-rows.js";
import type { PeriodScope } from "./documents.sql.js";
import { GroupedSectionWriter, ListSectionWriter } from "./section-writer.js";

type Schemas = components["schemas"];

function noteHead(first: DocumentRateRow) {
  if (first.ntty === null) throw new Error(`note ${first.id} has no kind`);
  return {
    ntty: first.ntty,
    nt_num: first.number,
    nt_dt: toGstr1Date(first.date),
    val: rupees(first.val),
  } as const;
}

/** Writes `cdnr` (notes to registered buyers, by GSTIN) and `cdnur` (against B2CL invoices and exports). */
export async function writeNoteSections(tx: Transaction, scope: PeriodScope, sink: JsonSink): Promise<void> {
  const cdnr = new GroupedSectionWriter<Schemas["Gstr1Cdnr"], "nt">(sink, "cdnr", "nt");
  const cdnur = new ListSectionWriter<Schemas["Gstr1Cdnur"]>(sink, "cdnur");
  // Sections sort b2b first, so cdnr is complete before cdnur begins.
  let cdnrClosed = false;
  await forEachDocument(tx, documentRateRows(scope, "notes"), async (rows) => {
    const [first] = rows as [DocumentRateRow];
    if (first.section === "b2b") {
      await cdnr.add(
        first.ctin ?? "",
        { ctin: first.ctin ?? "" },
        {
          ...noteHead(first),
          pos: first.pos,
          rchrg: first.rchrg ? "Y" : "N",
          inv_typ: b2bInvoiceType(first),
          itms: numbered(rows.map(itemDetail)),
        },
      );
      return;
    }
    if (!cdnrClosed) {
      await cdnr.close();
      cdnrClosed = true;
    }
    const exported = first.section === "exp";
    await cdnur.add({
      typ: exported ? (first.igst_paid ? "EXPWP" : "EXPWOP") : "B2CL",
      ...noteHead(first),
      ...(exported ? {} : { pos: first.pos }),
      itms: numbered(rows.map(igstItemDetail)),
    });
  });
  if (!cdnrClosed) await cdnr.close();
  await cdnur.close();
}
