import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Rendering, rasterising and decoding a page is a few hundred milliseconds of CPU on an idle core;
    // CI runs this package beside the API's suite on two cores, so a test gets far more than vitest's 5 s.
    testTimeout: 60_000,
  },
});
