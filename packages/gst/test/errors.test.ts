import { describe, expect, it } from "vitest";
import { GstError, isGstError } from "../src/index.js";

describe("GstError", () => {
  it("carries a machine code, a message and an optional pointer", () => {
    const error = new GstError("invalid_quantity", "The quantity must be more than zero.", "/items/0/qty");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("GstError");
    expect(error.code).toBe("invalid_quantity");
    expect(error.message).toBe("The quantity must be more than zero.");
    expect(error.pointer).toBe("/items/0/qty");
    expect(new GstError("invalid_date", "Bad date.").pointer).toBeUndefined();
  });

  it("is recognised by isGstError and nothing else is", () => {
    expect(isGstError(new GstError("invalid_date", "Bad date."))).toBe(true);
    expect(isGstError(new Error("other"))).toBe(false);
    expect(isGstError({ code: "invalid_date", message: "Bad date." })).toBe(false);
    expect(isGstError(undefined)).toBe(false);
  });
});
