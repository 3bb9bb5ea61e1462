import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The suite runs the real docs build (about a second each, slower on a busy two-core CI box).
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
});
