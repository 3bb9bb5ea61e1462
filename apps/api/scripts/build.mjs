// Builds the server that `pnpm start` runs (and the operator CLI beside it, which the tests start): one ES module of our own code (this package and the
// workspace packages it imports, which ship TypeScript), with the packages from npm left as imports.
// Running compiled JavaScript instead of tsx saves the loader thread and its copies of every source:
// about 90 MB of resident memory before the first request.
//
// The bundle sits two folders below the package, as src/db/migrate.ts does, so that the paths it
// resolves from import.meta.url (the migrations in ../../drizzle) are the same in both.
import { build } from "esbuild";

/** Workspace packages export .ts sources, which Node cannot load: they are bundled, the rest is not. */
const fromNpm = {
  name: "packages-from-npm",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@bahi/") ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  // The PDF renderer's thread is a module of its own beside them (src/printing/pdf-renderer.ts).
  entryPoints: { main: "src/main.ts", cli: "src/cli/main.ts", "pdf-worker": "src/printing/render-worker.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: "linked",
  plugins: [fromNpm],
  logLevel: "warning",
});
