import PDFDocument from "pdfkit";
import { loadFonts } from "./fonts.js";
import { buildView, type Column, type DocumentView, type Party } from "./model.js";
import { BASELINE, LEADING, Painter, type TextStyle } from "./painter.js";
import { darkRects, encodeQr } from "./qr.js";
import type { RenderDocumentInput } from "./types.js";

type Doc = InstanceType<typeof PDFDocument>;

/** A4 in points, and the margins. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 28;
const LEFT = MARGIN;
const RIGHT = PAGE_WIDTH - MARGIN;
const WIDTH = RIGHT - LEFT;
/** The lowest y that content may reach: below it is the footer ("Page x of y"). */
const BODY_BOTTOM = PAGE_HEIGHT - MARGIN - 14;
const FOOTER_BASELINE = PAGE_HEIGHT - MARGIN + 4;

const INK = "#111111";
const MUTED = "#555555";
const RULE = "#8a8a8a";
const FAINT_RULE = "#c8c8c8";
const HEADER_FILL = "#e9edf1";

const CELL: TextStyle = { size: 7.5 };
const CELL_PAD_X = 2.5;
const CELL_PAD_Y = 2.6;
const CELL_LINE = CELL.size * LEADING;
const HEAD: TextStyle = { size: 7, weight: "bold" };
const HEAD_LINE = HEAD.size * LEADING;
const LABEL: TextStyle = { size: 7, color: MUTED };
const VALUE: TextStyle = { size: 8 };
const SMALL: TextStyle = { size: 7.5 };

/** The e-invoice QR square (quiet zone included) in points: 42 mm. */
const QR_SIZE = 119;
/** The smallest module printed, in points (0.28 mm), which a larger symbol grows the square to keep. */
const QR_MIN_MODULE = 0.8;
const QR_QUIET_MODULES = 4;

interface LaidColumn extends Column {
  readonly x: number;
  readonly w: number;
}

function layColumns(columns: readonly Column[]): LaidColumn[] {
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  const flex = Math.max(60, WIDTH - fixed);
  let x = LEFT;
  return columns.map((column) => {
    const w = column.width === 0 ? flex : column.width;
    const laid = { ...column, x, w };
    x += w;
    return laid;
  });
}

class Renderer {
  private readonly painter: Painter;
  private readonly columns: LaidColumn[];
  private readonly descriptionIndex: number;
  private readonly headerHeight: number;
  /** y of the top of the table on the current page, for its vertical rules. */
  private tableTop = 0;

  constructor(
    private readonly doc: Doc,
    private readonly view: DocumentView,
  ) {
    this.painter = new Painter(doc, loadFonts());
    this.columns = layColumns(view.columns);
    this.descriptionIndex = this.columns.findIndex((column) => column.key === "description");
    const twoLines = view.columns.some((column) => column.group !== undefined || column.header.length > 1);
    this.headerHeight = (twoLines ? 2 : 1) * HEAD_LINE + 2 * CELL_PAD_Y;
  }

  render(): void {
    let y = this.firstPageHeader();
    y = this.tableHeader(y);
    const rows = this.view.rows;
    for (const row of rows) {
      const lines = this.descriptionLines(row);
      const height = lines.length * CELL_LINE + 2 * CELL_PAD_Y;
      if (y + height > BODY_BOTTOM) {
        this.closeTable(y);
        this.newPage();
        y = this.tableHeader(this.continuationHeader());
      }
      this.row(row, lines, y, height);
      y += height;
    }
    this.closeTable(y);
    this.trailer(y + 8);
    this.footers();
  }

  // ---- pages -----------------------------------------------------------------------------------

  private newPage(): void {
    this.doc.addPage({ size: "A4", margin: 0 });
    this.painter.reset();
    this.watermark();
  }

  watermark(): void {
    if (!this.view.cancelled) return;
    const doc = this.doc;
    doc.save();
    doc.rotate(-35, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
    doc.fillOpacity(0.12);
    this.painter.reset();
    this.painter.text(
      "CANCELLED",
      0,
      PAGE_HEIGHT / 2 + 30,
      { size: 96, weight: "bold", color: "#c00000" },
      "center",
      PAGE_WIDTH,
    );
    doc.restore();
    this.painter.reset();
  }

  private footers(): void {
    const { start, count } = this.doc.bufferedPageRange();
    const left = `${this.view.title} ${this.view.number} · ${this.view.copyLabel}`;
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(start + i);
      this.painter.reset();
      this.painter.line(LEFT, FOOTER_BASELINE - 9, RIGHT, FOOTER_BASELINE - 9, 0.4, FAINT_RULE);
      this.painter.text(left, LEFT, FOOTER_BASELINE, { size: 7, color: MUTED }, "left", WIDTH * 0.7);
      this.painter.text(
        `Page ${i + 1} of ${count}`,
        LEFT,
        FOOTER_BASELINE,
        { size: 7.5, weight: "bold" },
        "right",
        WIDTH,
      );
    }
  }

  // ---- first page ------------------------------------------------------------------------------

  private firstPageHeader(): number {
    const p = this.painter;
    const view = this.view;
    this.watermark();

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

    y = this.particularsAndEinvoice(y);
    p.line(LEFT, y, RIGHT, y, 0.5, RULE);
    y += 5;
    y = this.parties(y);

    for (const endorsement of view.endorsements) {
      const style: TextStyle = { size: 8, weight: "bold" };
      const height = p.paragraphHeight(endorsement, WIDTH - 12, style) + 8;
      p.strokeRect(LEFT, y, WIDTH, height, 0.8, INK);
      p.paragraph(endorsement, LEFT + 6, y + 4, WIDTH - 12, style, "center");
      y += height + 5;
    }
    return y + 3;
  }

  /** Document particulars on the left; the IRN, the acknowledgement and the QR symbol on the right. */
  private particularsAndEinvoice(top: number): number {
    const p = this.painter;
    const einvoice = this.view.einvoice;
    const qrText = einvoice?.signedQrCode ?? null;
    const matrix = qrText ? encodeQr(qrText) : null;
    const qrSide = matrix ? Math.max(QR_SIZE, (matrix.size + 2 * QR_QUIET_MODULES) * QR_MIN_MODULE) : 0;

    const leftWidth = einvoice ? 250 : WIDTH;
    const labelWidth = 82;
    let y = top;
    for (const [label, value] of this.view.particulars) {
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
        this.qr(matrix, RIGHT - qrSide, top - 2, qrSide);
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

  private qr(matrix: ReturnType<typeof encodeQr>, x: number, y: number, side: number): void {
    const module = side / (matrix.size + 2 * QR_QUIET_MODULES);
    const origin = QR_QUIET_MODULES * module;
    // A white square under the symbol keeps its quiet zone clear of anything drawn before.
    this.painter.rect(x, y, side, side, "#ffffff");
    // One path, written straight into the page's content in a coordinate system of modules (so
    // every rectangle is in small integers): pdfkit's own coordinates, y downwards, scaled.
    const n = (value: number) => String(Math.round(value * 10000) / 10000);
    const ops: string[] = ["q", "0 g", `${n(module)} 0 0 ${n(module)} ${n(x + origin)} ${n(y + origin)} cm`];
    for (const rect of darkRects(matrix)) ops.push(`${rect.x} ${rect.y} ${rect.width} ${rect.height} re`);
    ops.push("f", "Q");
    this.doc.addContent(ops.join("\n"));
    this.painter.reset();
  }

  private parties(top: number): number {
    const p = this.painter;
    const half = (WIDTH - 12) / 2;
    const blocks: (Party | null)[] = [this.view.billTo, this.view.shipTo];
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

  // ---- continuation pages ----------------------------------------------------------------------

  private continuationHeader(): number {
    const p = this.painter;
    const view = this.view;
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

  // ---- the table -------------------------------------------------------------------------------

  private tableHeader(top: number): number {
    const p = this.painter;
    const height = this.headerHeight;
    p.rect(LEFT, top, WIDTH, height, HEADER_FILL);
    const twoRows = height > HEAD_LINE + 2 * CELL_PAD_Y + 0.01;
    const secondBaseline = top + CELL_PAD_Y + (twoRows ? HEAD_LINE : 0) + HEAD.size * BASELINE;
    const firstBaseline = top + CELL_PAD_Y + HEAD.size * BASELINE;
    let index = 0;
    while (index < this.columns.length) {
      const column = this.columns[index] as LaidColumn;
      if (column.group !== undefined) {
        // The group's heading over all its columns, then each column's own below it.
        let end = index;
        while (end + 1 < this.columns.length && this.columns[end + 1]?.group === column.group) end++;
        const last = this.columns[end] as LaidColumn;
        const groupWidth = last.x + last.w - column.x;
        p.text(column.group, column.x, firstBaseline, HEAD, "center", groupWidth);
        p.line(
          column.x + 2,
          top + CELL_PAD_Y + HEAD_LINE - 0.5,
          column.x + groupWidth - 2,
          top + CELL_PAD_Y + HEAD_LINE - 0.5,
          0.4,
          RULE,
        );
        for (let i = index; i <= end; i++) {
          const member = this.columns[i] as LaidColumn;
          p.text(
            member.header[0] ?? "",
            member.x + CELL_PAD_X,
            secondBaseline,
            HEAD,
            member.align,
            member.w - 2 * CELL_PAD_X,
          );
        }
        index = end + 1;
        continue;
      }
      if (column.header.length > 1) {
        column.header.forEach((line, i) => {
          p.text(
            line,
            column.x + CELL_PAD_X,
            firstBaseline + i * HEAD_LINE,
            HEAD,
            column.align,
            column.w - 2 * CELL_PAD_X,
          );
        });
      } else {
        p.text(
          column.header[0] ?? "",
          column.x + CELL_PAD_X,
          secondBaseline,
          HEAD,
          column.align,
          column.w - 2 * CELL_PAD_X,
        );
      }
      index++;
    }
    p.line(LEFT, top, RIGHT, top, 0.6, RULE);
    p.line(LEFT, top + height, RIGHT, top + height, 0.6, RULE);
    this.tableTop = top;
    return top + height;
  }

  private descriptionLines(row: readonly string[]): string[] {
    const column = this.columns[this.descriptionIndex];
    const text = row[this.descriptionIndex] ?? "";
    if (!column) return [text];
    const lines = this.painter.wrap(text, column.w - 2 * CELL_PAD_X, CELL);
    // A description longer than a page could hold is cut short rather than left to overflow.
    const maxLines = Math.floor((BODY_BOTTOM - 200 - 2 * CELL_PAD_Y) / CELL_LINE);
    if (lines.length > maxLines) {
      lines.length = maxLines;
      lines[maxLines - 1] = `${lines[maxLines - 1] ?? ""} …`;
    }
    return lines;
  }

  private row(
    row: readonly string[],
    descriptionLines: readonly string[],
    top: number,
    height: number,
  ): void {
    const p = this.painter;
    const baseline = top + CELL_PAD_Y + CELL.size * BASELINE;
    this.columns.forEach((column, index) => {
      if (index === this.descriptionIndex) {
        descriptionLines.forEach((line, i) => {
          p.text(
            line,
            column.x + CELL_PAD_X,
            baseline + i * CELL_LINE,
            CELL,
            "left",
            column.w - 2 * CELL_PAD_X,
          );
        });
      } else {
        p.text(
          row[index] ?? "",
          column.x + CELL_PAD_X,
          baseline,
          CELL,
          column.align,
          column.w - 2 * CELL_PAD_X,
        );
      }
    });
    p.line(LEFT, top + height, RIGHT, top + height, 0.25, FAINT_RULE);
  }

  /** The vertical rules of the table on the current page, from its header to `bottom`. */
  private closeTable(bottom: number): void {
    const p = this.painter;
    // Between two columns of one group (CGST's rate and amount) the rule starts below the group's heading.
    const groupTop = this.tableTop + CELL_PAD_Y + HEAD_LINE - 0.5;
    p.line(LEFT, this.tableTop, LEFT, bottom, 0.4, RULE);
    this.columns.forEach((column, index) => {
      const next = this.columns[index + 1];
      const inner = column.group !== undefined && next?.group === column.group;
      const x = column.x + column.w;
      p.line(x, inner ? groupTop : this.tableTop, x, bottom, 0.4, RULE);
    });
    p.line(LEFT, bottom, RIGHT, bottom, 0.6, RULE);
  }

  // ---- after the table: totals, amount in words, statements, signature -------------------------

  private trailer(top: number): void {
    const height = this.trailerBlock(top, false);
    let y = top;
    if (y + height > BODY_BOTTOM) {
      this.newPage();
      y = this.continuationHeader();
    }
    this.trailerBlock(y, true);
  }

  /** Lays out (or, with `draw`, draws) the block after the table; returns its height. */
  private trailerBlock(top: number, draw: boolean): number {
    const p = this.painter;
    const view = this.view;
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
      new Renderer(doc, view).render();
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/**
 * A file name for the PDF, for a `Content-Disposition` header: the document's number with its
 * slashes made hyphens, and the copy (`INV-2026-27-0001-original.pdf`).
 */
export function documentFileName(input: Pick<RenderDocumentInput, "document" | "copy">): string {
  const number = input.document.number.replace(/[^A-Za-z0-9-]/g, "-");
  return `${number}-${input.copy}.pdf`;
}

/** Parses the fonts now rather than on the first render (about half a second of CPU): call it at start-up. */
export function preloadFonts(): void {
  loadFonts();
}
