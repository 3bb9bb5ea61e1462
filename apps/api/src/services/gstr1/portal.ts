import type { components } from "@bahi/contract";
import { GSTR1_FORMAT_VERSION, type Gstr1Period, hasSplitHsnSummary } from "@bahi/gst";
import type { Executor } from "../../db/client.js";
import { JsonStream } from "../../values/json-stream.js";
import { toB2cs } from "./b2cs.js";
import { documentSeries, toDocIssue } from "./doc-issue.js";
import type { PeriodScope } from "./documents.sql.js";
import { toHsnSection } from "./hsn.js";
import { writeInvoiceSections } from "./invoice-sections.js";
import { lineSums } from "./line-sums.js";
import { writeNoteSections } from "./note-sections.js";
import { inOneSnapshot, readAlongside } from "./transaction.js";

type Gstr1Portal = components["schemas"]["Gstr1Portal"];

/**
 * The portal file, written as it is read: the per-document sections stream from cursors, the summed
 * ones (b2cs, hsn, doc_issue) are small aggregates. Empty sections are left out, as the offline tool
 * writes them.
 */
export function portalFile(db: Executor, gstin: string, period: Gstr1Period, scope: PeriodScope) {
  return new JsonStream<Gstr1Portal>((sink) =>
    inOneSnapshot(db, async (tx) => {
      const split = hasSplitHsnSummary(period);
      // The summed sections do not depend on the streamed ones: they are read beside them.
      const sums = await readAlongside(db, tx, (side) =>
        Promise.all([lineSums(side, scope, split), documentSeries(side, scope)]),
      );
      const head: Pick<Gstr1Portal, "gstin" | "fp" | "version" | "hash"> = {
        gstin,
        fp: period.fp,
        version: GSTR1_FORMAT_VERSION,
        hash: "hash",
      };
      await sink.write(JSON.stringify(head).slice(0, -1));
      await writeInvoiceSections(tx, scope, sink);
      const [{ b2cs, hsn }, series] = await sums.result();
      if (b2cs.length > 0) await sink.write(`,"b2cs":${JSON.stringify(b2cs.map(toB2cs))}`);
      await writeNoteSections(tx, scope, sink);
      if (hsn.length > 0) await sink.write(`,"hsn":${JSON.stringify(toHsnSection(hsn, split))}`);
      const docIssue = toDocIssue(series);
      if (docIssue) await sink.write(`,"doc_issue":${JSON.stringify(docIssue)}`);
      await sink.write("}");
    }),
  );
}
