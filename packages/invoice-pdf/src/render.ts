import PDFDocument from "pdfkit";
import { loadFonts } from "./fonts.js";
import type { DocumentView } from "./model/document-view.js";
import { buildView } from "./model.js";
import { Painter } from "./painter.js";
import { firstPageHeader } from "./render/first-page.js";
import { LineTable } from "./render/line-table.js";
import { continuationHeader, footers, newPage } from "./render/page-frame.js";
import { BODY_BOTTOM, CELL_LINE, CELL_PAD_Y, type Doc } from "./render/page-style.js";
import { trailer } from "./render/trailer.js";
import type { RenderDocumentInput } from "./types.js";

/**
 * Draws the view page by page: the first page's header, the table (breaking to a new page, with the
 * header repeated, when a row does not fit), the block after it (on a page of its own if it does
 * not fit whole), then the footer of every page.
 */
function paint(doc: Doc, view: DocumentView): void {
  const p = new Painter(doc, loadFonts());
  const table = new LineTable(p, view);
  let y = firstPageHeader(doc, p, view);
  y = table.header(y);
  for (const row of view.rows) {
    const lines = table.descriptionLines(row);
    const height = lines.length * CELL_LINE + 2 * CELL_PAD_Y;
    if (y + height > BODY_BOTTOM) {
      table.close(y);
      newPage(doc, p, view);
      y = table.header(continuationHeader(p, view));
    }
    table.row(row, lines, y, height);
    y += height;
  }
  table.close(y);
  trailer(doc, p, view, y + 8);
  footers(doc, p, view);
}

/**
 * The PDF of an invoice, credit note or debit note: A4, every particular of Rule 46 (invoices)
 * or Rule 53 (notes) of the CGST Rules, the e-invoice IRN and signed QR code, fonts embedded.
 * Pure: the same input gives the same bytes (the PDF's dates are the document's `created_at`).
 */
export function renderDocumentPdf(input: RenderDocumentInput): Promise<Buffer> {
  const view = buildView(input);
  const created = new Date(view.metadata.createdAt);
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    bufferPages: true,
    // 1.4 or later for the transparency of the CANCELLED mark.
    pdfVersion: "1.7",
    font: null as unknown as string,
    lang: "en-IN",
    displayTitle: true,
    info: {
      Title: view.metadata.title,
      Author: input.account.legal_name,
      Subject: `${view.metadata.title}, ${view.copyLabel.toLowerCase()}`,
      Creator: "Bahi",
      Producer: "Bahi (pdfkit)",
      CreationDate: created,
      ModDate: created,
    },
  });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      paint(doc, view);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** Parses the fonts now rather than on the first render (about half a second of CPU): call it at start-up. */
export function preloadFonts(): void {
  loadFonts();
}
