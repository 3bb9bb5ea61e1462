// Turns every `@bahi/sdk` sample of the contract's x-codeSamples into one TypeScript file that tsc
// checks against the SDK's sources (tsconfig.test.json), so that a sample the docs show cannot call a
// method, pass a field or read a property that the SDK does not have. Each sample, which makes its
// own client as a reader would, becomes the body of a function; its `import` lines move to the top.
//
// usage: node scripts/code-samples.mjs            writes test/generated/code-samples.ts
//        node scripts/code-samples.mjs --stdout   prints it instead (the staleness test compares)
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
export const SAMPLES_FILE = join(pkg, "test/generated/code-samples.ts");
const BUNDLED = join(pkg, "../contract/generated/openapi.json");
const LABEL = "@bahi/sdk";
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The generated module for a bundled OpenAPI document. Throws when an operation has no SDK sample. */
export function renderCodeSamples(doc) {
  const imports = new Set(['import { Bahi } from "@bahi/sdk";']);
  const functions = [];
  const missing = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id = operation.operationId ?? `${method} ${path}`;
      const sample = (operation["x-codeSamples"] ?? []).find((s) => s.label === LABEL);
      if (!sample) {
        missing.push(id);
        continue;
      }
      const body = [];
      for (const line of sample.source.trimEnd().split("\n")) {
        if (/^import\s/.test(line)) imports.add(line.trim());
        else body.push(line);
      }
      while (body[0] === "") body.shift();
      functions.push(
        [
          `/** ${method.toUpperCase()} ${path} */`,
          `export async function ${id}(): Promise<void> {`,
          ...body.map((line) => (line ? `  ${line}` : "")),
          "}",
        ].join("\n"),
      );
    }
  }
  if (missing.length > 0) throw new Error(`operations without a ${LABEL} code sample: ${missing.join(", ")}`);
  return [
    "// Generated from the x-codeSamples of packages/contract/generated/openapi.json by",
    "// packages/sdk/scripts/code-samples.mjs. Do not edit: change the sample in spec/paths/, then run",
    "// `pnpm --filter @bahi/sdk generate`. Type-checked by `tsc -p tsconfig.test.json`; never run.",
    [...imports].sort().join("\n"),
    "",
    functions.join("\n\n"),
    "",
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = renderCodeSamples(JSON.parse(readFileSync(BUNDLED, "utf8")));
  if (process.argv.includes("--stdout")) process.stdout.write(text);
  else writeFileSync(SAMPLES_FILE, text);
}
