import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One file at a time: the latency tests measure timers, which a second busy file on two cores would skew.
    fileParallelism: false,
  },
});
