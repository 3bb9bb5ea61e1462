// Writes the SDL of spec/graphql/ into src/graphql/generated/sdl.ts, so that the bundled server
// carries its schema without reading spec/ at run time (part of `pnpm generate`).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const specDir = join(here, "../../../spec/graphql");
const files = readdirSync(specDir)
  .filter((name) => name.endsWith(".graphql"))
  .sort();
const sdl = files.map((name) => readFileSync(join(specDir, name), "utf8")).join("\n");
writeFileSync(
  join(here, "../src/graphql/generated/sdl.ts"),
  `// Generated from spec/graphql/ by apps/api/scripts/graphql-sdl.mjs. Do not edit.\nexport const sdl = ${JSON.stringify(sdl)};\n`,
);
