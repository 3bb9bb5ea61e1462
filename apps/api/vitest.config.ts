import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * A test file reaches a database when it uses the shared test support (servers, databases, tenants,
 * spawned processes), opens or migrates a database itself, or passes a database URL on.
 */
const REACHES_DATABASE = /from "\.\/support\/|from "\.\.\/src\/db\/(client|migrate)\.js"|DATABASE_URL/;

/** Files whose servers always run on a PGlite directory of their own, whatever the driver under test. */
const OWN_PGLITE_ONLY = ["shutdown-recipe.test.ts", "quickstart.test.ts"];

/**
 * The files the PostgreSQL pass would only repeat: those that reach no database, and those that
 * always use PGlite. The PGlite pass runs them.
 */
function filesWithoutPostgres(): string[] {
  const dir = new URL("test/", import.meta.url);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".test.ts"))
    .filter(
      (name) =>
        OWN_PGLITE_ONLY.includes(name) || !REACHES_DATABASE.test(readFileSync(new URL(name, dir), "utf8")),
    )
    .map((name) => `test/${name}`);
}

export default defineConfig({
  // graphql ships CommonJS and ESM copies: Node loads the CommonJS one for graphql-yoga, Vite would
  // hand our sources the ESM one, and graphql refuses objects made by the other copy.
  resolve: { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }] },
  test: {
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? filesWithoutPostgres() : [])],
    globalSetup: ["test/support/global-setup.ts"],
    reporters: ["default", "./test/support/slowest-files.ts"],
    hookTimeout: 120_000,
    testTimeout: 60_000,
    pool: "forks",
    env: { LOG_LEVEL: "silent" },
  },
});
