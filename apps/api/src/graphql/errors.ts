import { GraphQLError } from "graphql";
import { ApiError } from "../values/problem.js";
import { camelCase } from "./names.js";

/** The GraphQL error code of each REST status (`extensions.code`); the REST problem rides along. */
const CODES: Record<number, string> = {
  400: "BAD_USER_INPUT",
  401: "UNAUTHENTICATED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "UNPROCESSABLE",
  429: "RATE_LIMITED",
};

/**
 * A refusal as a GraphQL error: `extensions.code` for GraphQL clients, and `extensions.problem` with
 * REST's `code` (and `errors`, for validation) so that both interfaces refuse in the same words.
 * Anything but an ApiError is left to Yoga, which masks it ("Unexpected error.") and logs it.
 */
export function graphErrorOf(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const { headers: _headers, title: _title, ...extras } = error.extras;
  return new GraphQLError(error.detail, {
    extensions: {
      code: CODES[error.status] ?? "INTERNAL_SERVER_ERROR",
      problem: { status: error.status, code: error.code, ...extras },
    },
  });
}

export interface UserError {
  readonly field: readonly string[] | null;
  readonly code: string;
  readonly message: string;
}

/** A REST field's JSON Pointer as the path of the mutation's argument it came from. */
function fieldOf(pointer: string): string[] | null {
  if (pointer === "") return null;
  const parts = pointer.split("/").slice(1);
  if (parts[0] === "header") return ["idempotencyKey"];
  if (parts[0] === "path") return parts.slice(1).map(camelCase);
  return ["input", ...parts.map(camelCase)];
}

/**
 * A mutation's refusals as `userErrors`, or null for what is not the caller's input to fix (no key,
 * a missing scope, throttling, a failure of the server), which stays a top-level error.
 */
export function userErrorsOf(error: unknown): UserError[] | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  if (error.status === 401 || error.status === 403 || error.status === 429) return null;
  const fields = error.extras.errors;
  if (fields && fields.length > 0) {
    return fields.map((f) => ({ field: fieldOf(f.pointer), code: f.code, message: f.message }));
  }
  return [{ field: null, code: error.code, message: error.detail }];
}
