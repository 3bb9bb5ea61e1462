import { defineConfig } from "vitest/config";

// Each test builds, packs, installs and starts what a newcomer would: bounded work, given time.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    hookTimeout: 300_000,
    testTimeout: 300_000,
    fileParallelism: false,
  },
});
