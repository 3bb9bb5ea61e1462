import type PDFDocument from "pdfkit";
import { LEADING, type TextStyle } from "../painter.js";

/** The PDF document the pages are drawn into. */
export type Doc = InstanceType<typeof PDFDocument>;

/** A4 in points, and the margins. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 28;
export const LEFT = MARGIN;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const WIDTH = RIGHT - LEFT;
/** The lowest y that content may reach: below it is the footer ("Page x of y"). */
export const BODY_BOTTOM = PAGE_HEIGHT - MARGIN - 14;
export const FOOTER_BASELINE = PAGE_HEIGHT - MARGIN + 4;

export const INK = "#111111";
export const MUTED = "#555555";
export const RULE = "#8a8a8a";
export const FAINT_RULE = "#c8c8c8";
export const HEADER_FILL = "#e9edf1";

export const CELL: TextStyle = { size: 7.5 };
export const CELL_PAD_X = 2.5;
export const CELL_PAD_Y = 2.6;
export const CELL_LINE = CELL.size * LEADING;
export const HEAD: TextStyle = { size: 7, weight: "bold" };
export const HEAD_LINE = HEAD.size * LEADING;
export const LABEL: TextStyle = { size: 7, color: MUTED };
export const VALUE: TextStyle = { size: 8 };
export const SMALL: TextStyle = { size: 7.5 };
