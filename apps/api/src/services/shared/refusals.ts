import { type Drafted, type Refusal, RefusedError } from "@bahi/gst";
import { ApiError } from "../../values/problem.js";

/** A refusal of the GST domain as the API answers it: 422, naming each field. */
export function unprocessableOf(refusal: Refusal): ApiError {
  const errors = refusal.errors.length > 0 ? { errors: [...refusal.errors] } : {};
  return new ApiError(422, refusal.code, refusal.detail, errors);
}

/** The draft, or its refusal thrown as the API's 422. */
export function draftOrRefuse<T>(drafted: Drafted<T>): T {
  if (!drafted.ok) throw unprocessableOf(drafted.refusal);
  return drafted.draft;
}

/** Runs some of the domain's rules: a refusal becomes the API's 422. */
export function underRules<T>(rules: () => T): T {
  try {
    return rules();
  } catch (error) {
    if (error instanceof RefusedError) throw unprocessableOf(error.refusal);
    throw error;
  }
}
