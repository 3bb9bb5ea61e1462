import type PDFDocument from "pdfkit";
import { type FontSet, type FontWeight, type Script, splitRuns, type TextRun } from "./fonts.js";
import type { Align } from "./model/document-view.js";

type Doc = InstanceType<typeof PDFDocument>;

export interface TextStyle {
  readonly size: number;
  readonly weight?: FontWeight;
  readonly color?: string;
}

/** Where the baseline of a line sits below the line's top, and the distance between lines, per point of size. */
export const BASELINE = 0.92;
export const LEADING = 1.24;

const FONT_NAMES: Readonly<Record<Script, Readonly<Record<FontWeight, string>>>> = {
  latin: { regular: "latin-regular", bold: "latin-bold" },
  devanagari: { regular: "deva-regular", bold: "deva-bold" },
};

/**
 * Single lines of text placed by their baseline, and words wrapped to a width, over pdfkit. Each
 * string is split into script runs: Latin in Noto Sans, Devanagari in Noto Sans Devanagari, which
 * fontkit shapes (conjuncts, reordered vowel signs). A Devanagari run carries its text as the
 * marked content's ActualText, so that copying or extracting it gives the letters in logical
 * order rather than the glyphs in visual order.
 */
export class Painter {
  private font = "";
  private size = 0;
  private color = "";

  constructor(
    readonly doc: Doc,
    fonts: FontSet,
  ) {
    for (const script of ["latin", "devanagari"] as const) {
      for (const weight of ["regular", "bold"] as const) {
        // pdfkit takes a parsed fontkit font as well as a file's bytes (0.20: `src.layout` is a function).
        doc.registerFont(FONT_NAMES[script][weight], fonts[script][weight] as unknown as Buffer);
      }
    }
  }

  /** Forgets the current font and colour (after pdfkit switched pages or restored a graphics state). */
  reset(): void {
    this.font = "";
    this.size = 0;
    this.color = "";
  }

  private use(script: Script, weight: FontWeight, size: number): void {
    const name = FONT_NAMES[script][weight];
    if (name !== this.font) {
      this.doc.font(name);
      this.font = name;
    }
    if (size !== this.size) {
      this.doc.fontSize(size);
      this.size = size;
    }
  }

  private fill(color: string): void {
    if (color !== this.color) {
      this.doc.fillColor(color);
      this.color = color;
    }
  }

  private runWidth(run: TextRun, weight: FontWeight, size: number): number {
    this.use(run.script, weight, size);
    return this.doc.widthOfString(run.text);
  }

  width(text: string, style: TextStyle): number {
    const weight = style.weight ?? "regular";
    let width = 0;
    for (const run of splitRuns(text)) width += this.runWidth(run, weight, style.size);
    return width;
  }

  /**
   * One line of text with its baseline at `baseline`, aligned in the box `[x, x + width]`. Text
   * wider than the box is set smaller to fit (down to 60% of its size), never cut.
   */
  text(text: string, x: number, baseline: number, style: TextStyle, align: Align = "left", width = 0): void {
    if (text === "") return;
    const weight = style.weight ?? "regular";
    let size = style.size;
    const runs = splitRuns(text);
    const widths = runs.map((run) => this.runWidth(run, weight, size));
    let textWidth = widths.reduce((sum, w) => sum + w, 0);
    let scale = 1;
    if (width > 0 && textWidth > width) {
      const fitted = Math.max(size * 0.6, (size * width) / textWidth);
      scale = fitted / size;
      textWidth *= scale;
      size = fitted;
    }
    let left = x;
    if (align === "right") left = x + width - textWidth;
    else if (align === "center") left = x + (width - textWidth) / 2;
    this.fill(style.color ?? "#111111");
    runs.forEach((run, index) => {
      this.use(run.script, weight, size);
      const devanagari = run.script === "devanagari";
      if (devanagari) this.doc.markContent("Span", { actual: run.text } as never);
      this.doc.text(run.text, left, baseline, { lineBreak: false, baseline: "alphabetic" });
      if (devanagari) this.doc.endMarkedContent();
      left += (widths[index] ?? 0) * scale;
    });
  }

  /** Words wrapped into lines no wider than `width`; a word longer than a line is broken. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      const words = paragraph.split(/\s+/).filter((word) => word !== "");
      if (words.length === 0) {
        lines.push("");
        continue;
      }
      const space = this.width(" ", style);
      let line = "";
      let lineWidth = 0;
      for (const word of words) {
        const wordWidth = this.width(word, style);
        if (line !== "" && lineWidth + space + wordWidth <= width) {
          line += ` ${word}`;
          lineWidth += space + wordWidth;
          continue;
        }
        if (line !== "") lines.push(line);
        if (wordWidth <= width) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        // A word wider than the line (a long code or URL): broken where it overflows.
        let piece = "";
        for (const char of word) {
          if (piece !== "" && this.width(piece + char, style) > width) {
            lines.push(piece);
            piece = "";
          }
          piece += char;
        }
        line = piece;
        lineWidth = this.width(piece, style);
      }
      lines.push(line);
    }
    return lines;
  }

  /** Wrapped text from `top`; returns the y below its last line. */
  paragraph(
    text: string,
    x: number,
    top: number,
    width: number,
    style: TextStyle,
    align: Align = "left",
  ): number {
    let y = top;
    for (const line of this.wrap(text, width, style)) {
      this.text(line, x, y + style.size * BASELINE, style, align, width);
      y += style.size * LEADING;
    }
    return y;
  }

  /** The height that `paragraph` would take. */
  paragraphHeight(text: string, width: number, style: TextStyle): number {
    return this.wrap(text, width, style).length * style.size * LEADING;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5, color = "#8a8a8a"): void {
    this.doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor(color).stroke();
  }

  rect(x: number, y: number, width: number, height: number, fill: string): void {
    this.doc.rect(x, y, width, height).fillColor(fill).fill();
    this.color = fill;
  }

  strokeRect(x: number, y: number, width: number, height: number, lineWidth = 0.5, color = "#8a8a8a"): void {
    this.doc.rect(x, y, width, height).lineWidth(lineWidth).strokeColor(color).stroke();
  }
}
