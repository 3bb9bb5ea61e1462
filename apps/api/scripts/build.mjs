// Builds the server that `pnpm start` runs (and the operator CLI beside it, which the tests start): one ES module of our own code (this package and the
// workspace packages it imports, which ship TypeScript), with the packages from npm left as imports.
// Running compiled JavaScript instead of tsx saves the loader thread and its copies of every source:
// about 90 MB of resident memory before the first request.
//
// The bundle sits two folders below the package, as src/db/migrate.ts does, so that the paths it
// resolves from import.meta.url (the migrations in ../../drizzle) are the same in both.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
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

const { outputFiles } = await build({
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
  write: false,
});

// Tests and CI steps that run at once may build while others start a server from dist/server: each
// file is replaced whole (written beside it, then renamed), and one that is already the same is left.
for (const file of outputFiles) {
  let same = false;
  try {
    same = Buffer.compare(readFileSync(file.path), file.contents) === 0;
  } catch {}
  if (same) continue;
  mkdirSync(dirname(file.path), { recursive: true });
  const next = `${file.path}.${process.pid}.tmp`;
  writeFileSync(next, file.contents);
  renameSync(next, file.path);
}
