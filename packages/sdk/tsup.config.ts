import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  // Runs in browsers, Deno, Bun and edge runtimes as well as Node: no Node built-ins, no Node shims.
  platform: "neutral",
  target: "es2022",
});
