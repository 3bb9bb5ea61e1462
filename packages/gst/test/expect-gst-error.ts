import { expect } from "vitest";
import type { GstErrorCode } from "../src/index.js";
import { GstError } from "../src/index.js";

/** Asserts that `run` throws a GstError with this code (and pointer, when given) and a message. */
export function expectGstError(run: () => unknown, code: GstErrorCode, pointer?: string): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(GstError);
  const error = thrown as GstError;
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(0);
  if (pointer !== undefined) expect(error.pointer).toBe(pointer);
}
