import type { PrintedDocument } from "../services/shared/printed-document.js";

/** Every entity tag of an If-None-Match list, without its weak marker (`W/`). */
const ENTITY_TAG = /(?:W\/)?("[^"]*")/g;

/**
 * Whether If-None-Match names this representation (RFC 9110, 13.1.2): `*`, or one of its tags by
 * the weak comparison, which is what a GET is answered by.
 */
export function noneMatchHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === "*") return true;
  for (const [, tag] of ifNoneMatch.matchAll(ENTITY_TAG)) if (tag === etag) return true;
  return false;
}

/**
 * A document's PDF as an answer: 200 with the bytes, shown in place under its file name, or 304
 * without them when the client already holds this ETag. Either way the client may keep it but must
 * ask again before using it (`private, no-cache`): a payment or a cancellation changes the PDF.
 */
export function pdfAnswer(printed: PrintedDocument, ifNoneMatch: string | undefined) {
  const headers = { ETag: printed.etag, "Cache-Control": "private, no-cache" };
  if (noneMatchHolds(ifNoneMatch, printed.etag)) return { status: 304 as const, body: undefined, headers };
  return {
    status: 200 as const,
    body: printed.pdf,
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${printed.fileName}"`,
    },
  };
}
