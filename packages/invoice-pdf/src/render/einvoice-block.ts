import type { DocumentView } from "../model/document-view.js";
import { BASELINE, LEADING, type Painter, type TextStyle } from "../painter.js";
import { darkRects, encodeQr, type QrMatrix } from "../qr.js";
import { type Doc, LABEL, LEFT, MUTED, RIGHT, VALUE, WIDTH } from "./page-style.js";

/** The e-invoice QR square (quiet zone included) in points: 42 mm. */
const QR_SIZE = 119;
/** The smallest module printed, in points (0.28 mm), which a larger symbol grows the square to keep. */
const QR_MIN_MODULE = 0.8;
const QR_QUIET_MODULES = 4;

/** Document particulars on the left; the IRN, the acknowledgement and the QR symbol on the right. */
export function particularsAndEinvoice(doc: Doc, p: Painter, view: DocumentView, top: number): number {
  const einvoice = view.einvoice;
  const qrText = einvoice?.signedQrCode ?? null;
  const matrix = qrText ? encodeQr(qrText) : null;
  const qrSide = matrix ? Math.max(QR_SIZE, (matrix.size + 2 * QR_QUIET_MODULES) * QR_MIN_MODULE) : 0;

  const leftWidth = einvoice ? 250 : WIDTH;
  const labelWidth = 82;
  let y = top;
  for (const [label, value] of view.particulars) {
    p.text(label, LEFT, y + VALUE.size * BASELINE, LABEL, "left", labelWidth - 4);
    y = p.paragraph(value, LEFT + labelWidth, y, leftWidth - labelWidth, { size: 8, weight: "bold" });
    y += 1;
  }

  let right = top;
  if (einvoice) {
    const x = LEFT + leftWidth + 10;
    const textWidth = RIGHT - x - (matrix ? qrSide + 6 : 0);
    p.text("e-Invoice", x, right + 8 * BASELINE, { size: 8, weight: "bold" });
    right += 8 * LEADING + 2;
    const irnStyle: TextStyle = { size: 7 };
    p.text("IRN", x, right + 7 * BASELINE, LABEL);
    right += 7 * LEADING;
    // 64 hexadecimal digits, in two halves so each fits the column.
    for (const half of [einvoice.irn.slice(0, 32), einvoice.irn.slice(32)]) {
      p.text(half, x, right + 7 * BASELINE, irnStyle, "left", textWidth);
      right += 7 * LEADING;
    }
    right += 2;
    if (einvoice.ackNo) {
      p.text("Ack No.", x, right + 7 * BASELINE, LABEL);
      p.text(
        einvoice.ackNo,
        x + 40,
        right + 7.5 * BASELINE,
        { size: 7.5, weight: "bold" },
        "left",
        textWidth - 40,
      );
      right += 7.5 * LEADING + 1;
    }
    if (einvoice.ackDate) {
      p.text("Ack date", x, right + 7 * BASELINE, LABEL);
      p.text(
        einvoice.ackDate,
        x + 40,
        right + 7.5 * BASELINE,
        { size: 7.5, weight: "bold" },
        "left",
        textWidth - 40,
      );
      right += 7.5 * LEADING + 1;
    }
    if (matrix && qrText) {
      drawQr(doc, p, matrix, RIGHT - qrSide, top - 2, qrSide);
      p.text(
        "Signed QR code of the IRP",
        RIGHT - qrSide,
        top + qrSide + 5,
        { size: 6, color: MUTED },
        "center",
        qrSide,
      );
      right = Math.max(right, top + qrSide + 8);
    }
  }
  return Math.max(y, right) + 4;
}

function drawQr(doc: Doc, p: Painter, matrix: QrMatrix, x: number, y: number, side: number): void {
  const module = side / (matrix.size + 2 * QR_QUIET_MODULES);
  const origin = QR_QUIET_MODULES * module;
  // A white square under the symbol keeps its quiet zone clear of anything drawn before.
  p.rect(x, y, side, side, "#ffffff");
  // One path, written straight into the page's content in a coordinate system of modules (so
  // every rectangle is in small integers): pdfkit's own coordinates, y downwards, scaled.
  const n = (value: number) => String(Math.round(value * 10000) / 10000);
  const ops: string[] = ["q", "0 g", `${n(module)} 0 0 ${n(module)} ${n(x + origin)} ${n(y + origin)} cm`];
  for (const rect of darkRects(matrix)) ops.push(`${rect.x} ${rect.y} ${rect.width} ${rect.height} re`);
  ops.push("f", "Q");
  doc.addContent(ops.join("\n"));
  p.reset();
}
