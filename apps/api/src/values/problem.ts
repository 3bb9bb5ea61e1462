// Errors that the API answers on purpose. Services throw them; the HTTP layer renders them as
// problem+json. Anything else thrown becomes a bare 500.
import type { components, FieldError } from "@bahi/contract";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export type FieldErrorList = FieldError[];

/** One entry of a problem's `errors`. */
export const field = (code: string, pointer: string, message: string): FieldError => ({
  pointer,
  code,
  message,
});

const titles: Record<number, string> = {
  400: "The request is not valid",
  401: "Invalid API key",
  402: "Payment required",
  403: "Insufficient scope",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "The request cannot be carried out",
  429: "Too many requests",
  500: "Internal server error",
  503: "Service unavailable",
};

/** An answer's problem+json body (RFC 9457), as the spec defines it. */
export type ProblemBody = components["schemas"]["Problem"];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extras: {
      errors?: FieldError[];
      title?: string;
      headers?: Record<string, string>;
      [k: string]: unknown;
    } = {},
  ) {
    super(detail);
  }

  toProblem(requestId: string): ProblemBody {
    const { title, headers: _headers, ...rest } = this.extras;
    // The extras are the spec's problem fields of this code (`quota`, `existing_id`, …).
    return {
      type: `urn:bahi:problem:${this.code}`,
      title: title ?? titles[this.status] ?? "Error",
      status: this.status,
      detail: this.detail,
      code: this.code,
      request_id: requestId,
      ...(rest as Partial<ProblemBody>),
    };
  }
}

/** Field errors as one sentence: each its JSON Pointer (RFC 6901) and what is wrong there. */
export function sentenceOf(errors: readonly FieldError[]): string {
  const text = errors.map((e) => (e.pointer ? `${e.pointer}: ${e.message}` : e.message)).join("; ");
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

export const validationFailed = (errors: FieldError[]) =>
  new ApiError(400, "validation_failed", sentenceOf(errors), { errors });

export const unprocessable = (code: string, detail: string, errors?: FieldError[]) =>
  new ApiError(422, code, detail, errors ? { errors } : {});

export const notFound = (what: string, id: string) =>
  new ApiError(404, "not_found", `No such ${what}: ${id}`);

export const conflict = (code: string, detail: string, extras: Record<string, unknown> = {}) =>
  new ApiError(409, code, detail, extras);
