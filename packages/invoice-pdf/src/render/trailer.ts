import type { DocumentView } from "../model/document-view.js";
import { BASELINE, LEADING, type Painter, type TextStyle } from "../painter.js";
import { continuationHeader, newPage } from "./page-frame.js";
import { BODY_BOTTOM, type Doc, INK, LEFT, MUTED, RIGHT, SMALL, WIDTH } from "./page-style.js";

/** Draws the block after the table at `top`, or on a new page when it does not fit whole below the table. */
export function trailer(doc: Doc, p: Painter, view: DocumentView, top: number): void {
  const height = trailerBlock(p, view, top, false);
  let y = top;
  if (y + height > BODY_BOTTOM) {
    newPage(doc, p, view);
    y = continuationHeader(p, view);
  }
  trailerBlock(p, view, y, true);
}

/**
 * The block after the table: the totals on the right; the amount in words, the statements and the
 * notes on the left; the signature below. Lays it out (or, with `draw`, draws it); returns its height.
 */
function trailerBlock(p: Painter, view: DocumentView, top: number, draw: boolean): number {
  const totalsWidth = 210;
  const leftWidth = WIDTH - totalsWidth - 16;
  const totalsX = RIGHT - totalsWidth;

  let right = top;
  for (const line of view.totals) {
    const style: TextStyle = line.strong ? { size: 9.5, weight: "bold" } : { size: 8 };
    const lineHeight = style.size * LEADING + 2;
    const labelLines = p.wrap(line.label, totalsWidth - p.width(line.value, style) - 10, style);
    if (line.strong) {
      if (draw) p.line(totalsX, right, RIGHT, right, 0.8, INK);
      right += 2;
    }
    if (draw) {
      labelLines.forEach((label, i) => {
        p.text(label, totalsX, right + i * lineHeight + style.size * BASELINE, style);
      });
      p.text(line.value, totalsX, right + style.size * BASELINE, style, "right", totalsWidth);
    }
    right += labelLines.length * lineHeight;
    if (line.strong) {
      if (draw) p.line(totalsX, right, RIGHT, right, 0.8, INK);
      right += 2;
    }
  }

  let left = top;
  const wordsLabel: TextStyle = { size: 7, weight: "bold", color: MUTED };
  const wordsStyle: TextStyle = { size: 8.5, weight: "bold" };
  if (draw) p.text("Amount in words", LEFT, left + 7 * BASELINE, wordsLabel);
  left += 7 * LEADING + 1;
  left = draw
    ? p.paragraph(view.amountInWords, LEFT, left, leftWidth, wordsStyle)
    : left + p.paragraphHeight(view.amountInWords, leftWidth, wordsStyle);
  left += 5;
  for (const statement of view.statements) {
    left = draw
      ? p.paragraph(statement, LEFT, left, leftWidth, SMALL)
      : left + p.paragraphHeight(statement, leftWidth, SMALL);
    left += 2;
  }
  if (view.notes) {
    left += 3;
    if (draw) p.text("Notes", LEFT, left + 7 * BASELINE, wordsLabel);
    left += 7 * LEADING + 1;
    left = draw
      ? p.paragraph(view.notes, LEFT, left, leftWidth, SMALL)
      : left + p.paragraphHeight(view.notes, leftWidth, SMALL);
  }

  // The signature: Rule 46(q) asks for the supplier's or its authorised representative's.
  let y = Math.max(left, right) + 14;
  const signatureWidth = 210;
  const signatureX = RIGHT - signatureWidth;
  const forLine = `For ${view.signatureFor}`;
  const forStyle: TextStyle = { size: 8, weight: "bold" };
  const forHeight = p.paragraphHeight(forLine, signatureWidth, forStyle);
  if (draw) p.paragraph(forLine, signatureX, y, signatureWidth, forStyle, "right");
  y += forHeight + 34;
  if (draw) {
    p.line(signatureX + 40, y, RIGHT, y, 0.6, INK);
    p.text("Authorised signatory", signatureX, y + 3 + 7.5 * BASELINE, SMALL, "right", signatureWidth);
  }
  y += 3 + 7.5 * LEADING;
  return y - top;
}
