import type { Column, DocumentView } from "../model/document-view.js";
import { BASELINE, type Painter } from "../painter.js";
import {
  BODY_BOTTOM,
  CELL,
  CELL_LINE,
  CELL_PAD_X,
  CELL_PAD_Y,
  FAINT_RULE,
  HEAD,
  HEAD_LINE,
  HEADER_FILL,
  LEFT,
  RIGHT,
  RULE,
  WIDTH,
} from "./page-style.js";

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

/**
 * The table of lines: its columns laid across the page, its header (repeated on every page), its
 * rows and their rules. The caller decides where a page breaks.
 */
export class LineTable {
  private readonly columns: LaidColumn[];
  private readonly descriptionIndex: number;
  private readonly headerHeight: number;
  /** y of the top of the table on the current page, for its vertical rules. */
  private tableTop = 0;

  constructor(
    private readonly painter: Painter,
    view: DocumentView,
  ) {
    this.columns = layColumns(view.columns);
    this.descriptionIndex = this.columns.findIndex((column) => column.key === "description");
    const twoLines = view.columns.some((column) => column.group !== undefined || column.header.length > 1);
    this.headerHeight = (twoLines ? 2 : 1) * HEAD_LINE + 2 * CELL_PAD_Y;
  }

  header(top: number): number {
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

  descriptionLines(row: readonly string[]): string[] {
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

  row(row: readonly string[], descriptionLines: readonly string[], top: number, height: number): void {
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
  close(bottom: number): void {
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
}
