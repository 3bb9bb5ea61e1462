import type { RenderDocumentInput } from "./types.js";

/**
 * A file name for the PDF, for a `Content-Disposition` header: the document's number with its
 * slashes made hyphens, and the copy (`INV-2026-27-0001-original.pdf`). A module of its own, so
 * that a server naming files does not load the renderer (pdfkit, fontkit) with it.
 */
export function documentFileName(input: Pick<RenderDocumentInput, "document" | "copy">): string {
  const number = input.document.number.replace(/[^A-Za-z0-9-]/g, "-");
  return `${number}-${input.copy}.pdf`;
}
