import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The examples import the SDK by its name, as users do; in unit tests that name means the sources.
const sources = { "@bahi/sdk": fileURLToPath(new URL("./src/index.ts", import.meta.url)) };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
        },
        resolve: { alias: sources },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/integration/support/global-setup.ts"],
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "pack",
          include: ["test/pack/**/*.test.ts"],
          hookTimeout: 240_000,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
