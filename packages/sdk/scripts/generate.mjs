// Generates the SDK's own copy of the contract's types from the bundled spec. The SDK does not import
// them from @bahi/contract: that package is private, and a published .d.ts that names it would not
// resolve for anyone who installs @bahi/sdk. Output is deterministic; CI regenerates and fails on a diff.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { renderCodeSamples, SAMPLES_FILE } from "./code-samples.mjs";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundled = join(pkg, "../contract/generated/openapi.json");
const banner =
  "// Generated from packages/contract/generated/openapi.json by packages/sdk/scripts/generate.mjs. Do not edit.\n";

const doc = JSON.parse(readFileSync(bundled, "utf8"));
const types = astToString(await openapiTS(doc, { alphabetize: true, defaultNonNullable: false }));
writeFileSync(join(pkg, "src/generated/schema.ts"), `${banner}${types}`);
// The docs' SDK samples derive from the same document, so they are regenerated with the types.
writeFileSync(SAMPLES_FILE, renderCodeSamples(doc));
