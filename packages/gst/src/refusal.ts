import type { components } from "@bahi/contract";
import { isGstError } from "./errors.js";

/** One refused field: a JSON Pointer into the request, a stable code and a message for people. */
export type FieldRefusal = components["schemas"]["FieldError"];

/**
 * Why a document cannot be drafted from the facts and the request: well-formed, but against a GST
 * rule or the books (the API's 422). `code` and `detail` summarise the first of `errors`.
 */
export interface Refusal {
  readonly code: string;
  readonly detail: string;
  readonly errors: readonly FieldRefusal[];
}

/** What drafting gives: the document, or why there is none. */
export type Drafted<T> =
  | { readonly ok: true; readonly draft: T }
  | { readonly ok: false; readonly refusal: Refusal };

/** Thrown by the rules below a draft and caught at its edge, which returns it as a Refusal. */
export class RefusedError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.detail);
  }
}

export const fieldRefusal = (code: string, pointer: string, message: string): FieldRefusal => ({
  pointer,
  code,
  message,
});

/** Refuses with one field. */
export function refuse(code: string, detail: string, pointer: string, message: string): never {
  throw new RefusedError({ code, detail, errors: [fieldRefusal(code, pointer, message)] });
}

/**
 * A field error as a sentence: its JSON Pointer (RFC 6901) and what is wrong there, or the message
 * alone for the body as a whole.
 */
export function sentenceOf(error: FieldRefusal): string {
  const text = error.pointer ? `${error.pointer}: ${error.message}` : error.message;
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** Refuses with every field in `errors` (none: nothing to refuse), summarised by the first. */
export function refuseAll(errors: readonly FieldRefusal[]): void {
  const [first] = errors;
  if (first) throw new RefusedError({ code: first.code, detail: sentenceOf(first), errors });
}

/** Runs the rules of a draft: their refusal, or a GST rule's error naming a field, becomes the answer. */
export function drafting<T>(
  draft: () => T,
  gstRefusal: (error: import("./errors.js").GstError) => Refusal,
): Drafted<T> {
  try {
    return { ok: true, draft: draft() };
  } catch (error) {
    if (error instanceof RefusedError) return { ok: false, refusal: error.refusal };
    if (isGstError(error)) return { ok: false, refusal: gstRefusal(error) };
    throw error;
  }
}
