import { createHash } from "node:crypto";
import type { CopyKind, RenderDocumentInput } from "@bahi/invoice-pdf";
import { documentFileName } from "@bahi/invoice-pdf/file-name";

/** A document's PDF as the API answers it: its bytes, its strong ETag and a name to save it under. */
export interface PrintedDocument {
  readonly pdf: Buffer;
  /** A quoted strong entity tag: the first 128 bits of the bytes' SHA-256, in hex. */
  readonly etag: string;
  readonly fileName: string;
}

export type { CopyKind };

/** How a PDF is rendered: Services' `renderPdf`, on a thread of its own. */
export type RenderPdf = (input: RenderDocumentInput) => Promise<Buffer>;

/**
 * Renders the PDF (pure: the same input gives the same bytes, so the hash of the bytes is a strong
 * ETag that changes only when the printed document does).
 */
export async function printDocument(input: RenderDocumentInput, render: RenderPdf): Promise<PrintedDocument> {
  const pdf = await render(input);
  const etag = `"${createHash("sha256").update(pdf).digest("hex").slice(0, 32)}"`;
  return { pdf, etag, fileName: documentFileName(input) };
}
