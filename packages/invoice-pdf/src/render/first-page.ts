import type { DocumentView, Party } from "../model/document-view.js";
import { BASELINE, LEADING, type Painter, type TextStyle } from "../painter.js";
import { particularsAndEinvoice } from "./einvoice-block.js";
import { watermark } from "./page-frame.js";
import { type Doc, INK, LEFT, MARGIN, MUTED, RIGHT, RULE, VALUE, WIDTH } from "./page-style.js";

/**
 * The head of the first page, down to the table: the supplier, the kind of document and the copy,
 * the cancellation banner, the particulars and the e-invoice, the parties and the endorsements.
 * Answers the y below it.
 */
export function firstPageHeader(doc: Doc, p: Painter, view: DocumentView): number {
  watermark(doc, p, view);

  // The supplier, left; the kind of document and the copy, right.
  const rightWidth = 190;
  const leftWidth = WIDTH - rightWidth - 12;
  let left = MARGIN;
  left = p.paragraph(view.supplier.name, LEFT, left, leftWidth, { size: 13, weight: "bold" });
  if (view.supplier.tradeName)
    left = p.paragraph(`Trade name: ${view.supplier.tradeName}`, LEFT, left, leftWidth, VALUE);
  for (const line of view.supplier.lines) left = p.paragraph(line, LEFT, left, leftWidth, VALUE);

  let right = MARGIN;
  right = p.paragraph(
    view.title,
    RIGHT - rightWidth,
    right,
    rightWidth,
    { size: 15, weight: "bold" },
    "right",
  );
  right += 2;
  const copyStyle: TextStyle = { size: 7.5, weight: "bold" };
  const copyWidth = p.width(view.copyLabel, copyStyle) + 10;
  p.strokeRect(RIGHT - copyWidth, right, copyWidth, 13, 0.6, INK);
  p.text(view.copyLabel, RIGHT - copyWidth, right + 9.3, copyStyle, "center", copyWidth);
  right += 17;

  let y = Math.max(left, right) + 5;
  if (view.cancelled) {
    p.rect(LEFT, y, WIDTH, 15, "#fbe3e3");
    p.text(
      view.cancelled,
      LEFT + 6,
      y + 10.6,
      { size: 8.5, weight: "bold", color: "#a00000" },
      "left",
      WIDTH - 12,
    );
    y += 19;
  }
  p.line(LEFT, y, RIGHT, y, 0.8, INK);
  y += 6;

  y = particularsAndEinvoice(doc, p, view, y);
  p.line(LEFT, y, RIGHT, y, 0.5, RULE);
  y += 5;
  y = parties(p, view, y);

  for (const endorsement of view.endorsements) {
    const style: TextStyle = { size: 8, weight: "bold" };
    const height = p.paragraphHeight(endorsement, WIDTH - 12, style) + 8;
    p.strokeRect(LEFT, y, WIDTH, height, 0.8, INK);
    p.paragraph(endorsement, LEFT + 6, y + 4, WIDTH - 12, style, "center");
    y += height + 5;
  }
  return y + 3;
}

/** The recipient and the address of delivery, side by side. */
function parties(p: Painter, view: DocumentView, top: number): number {
  const half = (WIDTH - 12) / 2;
  const blocks: (Party | null)[] = [view.billTo, view.shipTo];
  let bottom = top;
  blocks.forEach((party, index) => {
    const x = LEFT + index * (half + 12);
    let y = top;
    if (party === null) {
      const heading = index === 0 ? "Bill to (recipient)" : "Ship to (address of delivery)";
      p.text(heading, x, y + 7 * BASELINE, { size: 7, weight: "bold", color: MUTED });
      y += 7 * LEADING + 1;
      const note = index === 0 ? "As in the invoice this note amends." : "Same as the recipient's address.";
      y = p.paragraph(note, x, y, half, VALUE);
    } else {
      p.text(party.heading, x, y + 7 * BASELINE, { size: 7, weight: "bold", color: MUTED });
      y += 7 * LEADING + 1;
      y = p.paragraph(party.name, x, y, half, { size: 9, weight: "bold" });
      for (const line of party.lines) y = p.paragraph(line, x, y, half, VALUE);
    }
    bottom = Math.max(bottom, y);
  });
  return bottom + 6;
}
