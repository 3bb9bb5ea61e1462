import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // graphql ships CommonJS and ESM copies: Node loads the CommonJS one for graphql-yoga, Vite would
  // hand our sources the ESM one, and graphql refuses objects made by the other copy.
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }] },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    hookTimeout: 120_000,
    testTimeout: 60_000,
    pool: "forks",
    env: { LOG_LEVEL: "silent" },
  },
});
