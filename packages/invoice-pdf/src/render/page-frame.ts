import type { DocumentView } from "../model/document-view.js";
import { BASELINE, LEADING, type Painter } from "../painter.js";
import {
  type Doc,
  FAINT_RULE,
  FOOTER_BASELINE,
  INK,
  LEFT,
  MARGIN,
  MUTED,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  RIGHT,
  WIDTH,
} from "./page-style.js";

/** What every page carries besides its content: the CANCELLED mark, the footer, a continuation's header. */

export function newPage(doc: Doc, p: Painter, view: DocumentView): void {
  doc.addPage({ size: "A4", margin: 0 });
  p.reset();
  watermark(doc, p, view);
}

export function watermark(doc: Doc, p: Painter, view: DocumentView): void {
  if (!view.cancelled) return;
  doc.save();
  doc.rotate(-35, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
  doc.fillOpacity(0.12);
  p.reset();
  p.text(
    "CANCELLED",
    0,
    PAGE_HEIGHT / 2 + 30,
    { size: 96, weight: "bold", color: "#c00000" },
    "center",
    PAGE_WIDTH,
  );
  doc.restore();
  p.reset();
}

/** "Page x of y" and the document's name at the foot of every page, once all the pages are known. */
export function footers(doc: Doc, p: Painter, view: DocumentView): void {
  const { start, count } = doc.bufferedPageRange();
  const left = `${view.title} ${view.number} · ${view.copyLabel}`;
  for (let i = 0; i < count; i++) {
    doc.switchToPage(start + i);
    p.reset();
    p.line(LEFT, FOOTER_BASELINE - 9, RIGHT, FOOTER_BASELINE - 9, 0.4, FAINT_RULE);
    p.text(left, LEFT, FOOTER_BASELINE, { size: 7, color: MUTED }, "left", WIDTH * 0.7);
    p.text(`Page ${i + 1} of ${count}`, LEFT, FOOTER_BASELINE, { size: 7.5, weight: "bold" }, "right", WIDTH);
  }
}

/** The header of a page after the first: the supplier and the document continued. */
export function continuationHeader(p: Painter, view: DocumentView): number {
  const y = MARGIN;
  p.text(view.supplier.name, LEFT, y + 9 * BASELINE, { size: 9, weight: "bold" }, "left", WIDTH * 0.55);
  p.text(
    `${view.title} ${view.number} dated ${view.date} (continued)`,
    LEFT,
    y + 9 * BASELINE,
    { size: 8.5, weight: "bold" },
    "right",
    WIDTH,
  );
  const bottom = y + 9 * LEADING + 3;
  p.line(LEFT, bottom, RIGHT, bottom, 0.8, INK);
  return bottom + 6;
}
