import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The examples import the SDK by its name, as users do; in unit tests that name means the sources.
// Tests against the real server and of the packed tarball live in e2e/.
const sources = { "@bahi/sdk": fileURLToPath(new URL("./src/index.ts", import.meta.url)) };

export default defineConfig({
  test: { include: ["test/unit/**/*.test.ts"] },
  resolve: { alias: sources },
});
