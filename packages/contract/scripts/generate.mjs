// Regenerates everything derived from spec/: the bundled document, the TypeScript types, the
// compiled request validators, the operation table and the fixtures. Output is deterministic so
// that CI can regenerate and fail on any difference from what is committed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { checkOperations, describeOperations } from "./operations.mjs";
import { buildValidators } from "./validators.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, "..");
const specRoot = join(pkg, "../../spec/openapi.yaml");
const bundledPath = join(pkg, "generated/openapi.json");
const outDir = join(pkg, "src/generated");
const banner = "// Generated from spec/ by packages/contract/scripts/generate.mjs. Do not edit.\n";

mkdirSync(dirname(bundledPath), { recursive: true });
mkdirSync(outDir, { recursive: true });

execFileSync(
  process.execPath,
  [join(pkg, "node_modules/@redocly/cli/bin/cli.js"), "bundle", specRoot, "-o", bundledPath],
  {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  },
);
const doc = JSON.parse(readFileSync(bundledPath, "utf8"));
addSdkSamples(doc);
writeFileSync(bundledPath, `${JSON.stringify(doc, null, 2)}\n`);

const operations = describeOperations(doc);
checkOperations(doc, operations);

const types = astToString(await openapiTS(doc, { alphabetize: true, defaultNonNullable: false }));
writeFileSync(join(outDir, "schema.ts"), `${banner}${types}`);

const { paramSource, bodySource, declarations, table } = buildValidators(doc, operations);
writeFileSync(join(outDir, "param-validators.js"), `${banner}${paramSource}`);
writeFileSync(join(outDir, "body-validators.js"), `${banner}${bodySource}`);
writeFileSync(
  join(outDir, "validators.js"),
  `${banner}export * from "./param-validators.js";\nexport * from "./body-validators.js";\n`,
);
writeFileSync(join(outDir, "validators.d.ts"), `${banner}${declarations}`);

writeFileSync(
  join(outDir, "operations.ts"),
  `${banner}import * as v from "./validators.js";
import type { OperationSpec } from "../operation-spec.js";

export const operationList: readonly OperationSpec[] = [
${operations.map((op) => `  ${JSON.stringify(op).slice(0, -1)}, "validate": ${table(op)} }`).join(",\n")}
];
`,
);

writeFileSync(join(outDir, "fixtures.ts"), fixturesModule(doc));
writeFileSync(join(outDir, "enums.ts"), enumsModule(doc));

await generateAppContract();

/**
 * The application's own contract (spec/app/openapi.yaml: sign-in, sessions, members, the audit log),
 * generated beside /v1's into src/generated/app/: its types, validators and operation table.
 */
async function generateAppContract() {
  const appBundled = join(pkg, "generated/app-openapi.json");
  const appOut = join(outDir, "app");
  mkdirSync(appOut, { recursive: true });
  execFileSync(
    process.execPath,
    [
      join(pkg, "node_modules/@redocly/cli/bin/cli.js"),
      "bundle",
      join(pkg, "../../spec/app/openapi.yaml"),
      "-o",
      appBundled,
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  const appDoc = JSON.parse(readFileSync(appBundled, "utf8"));
  writeFileSync(appBundled, `${JSON.stringify(appDoc, null, 2)}\n`);
  const appOperations = describeOperations(appDoc);
  const appTypes = astToString(await openapiTS(appDoc, { alphabetize: true, defaultNonNullable: false }));
  writeFileSync(join(appOut, "schema.ts"), `${banner}${appTypes}`);
  const built = buildValidators(appDoc, appOperations);
  writeFileSync(join(appOut, "param-validators.js"), `${banner}${built.paramSource}`);
  writeFileSync(join(appOut, "body-validators.js"), `${banner}${built.bodySource}`);
  writeFileSync(
    join(appOut, "validators.js"),
    `${banner}export * from "./param-validators.js";\nexport * from "./body-validators.js";\n`,
  );
  writeFileSync(join(appOut, "validators.d.ts"), `${banner}${built.declarations}`);
  writeFileSync(
    join(appOut, "operations.ts"),
    `${banner}import * as v from "./validators.js";
import type { OperationSpec } from "../../operation-spec.js";

export const appOperationList: readonly OperationSpec[] = [
${appOperations.map((op) => `  ${JSON.stringify(op).slice(0, -1)}, "validate": ${built.table(op)} }`).join(",\n")}
];
`,
  );
  writeFileSync(join(appOut, "enums.ts"), enumsModule(appDoc).replace('"./schema.js"', '"./schema.js"'));
}

/**
 * Every string enum of the spec's schemas, as values: a named schema's (`enums.InvoiceStatus`) and a
 * property's (`enums["Webhook.status"]`), for code that needs the list (the database's columns).
 */
function enumsModule(spec) {
  const lines = [];
  const add = (name, values, type) => {
    const strings = values.filter((v) => typeof v === "string");
    if (strings.length === 0) return;
    lines.push(
      `  ${JSON.stringify(name)}: ${JSON.stringify(strings)} as const satisfies readonly ${type}[],`,
    );
  };
  for (const [name, schema] of Object.entries(spec.components.schemas).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (schema.enum) add(name, schema.enum, `components["schemas"][${JSON.stringify(name)}]`);
    for (const [property, ps] of Object.entries(schema.properties ?? {})) {
      if (ps.enum) {
        const type = `NonNullable<components["schemas"][${JSON.stringify(name)}][${JSON.stringify(property)}]>`;
        add(`${name}.${property}`, ps.enum, type);
      }
    }
  }
  return `${banner}import type { components } from "./schema.js";

/** The spec's string enums as values, by schema (\`InvoiceStatus\`) or property (\`Webhook.status\`). */
export const enums = {
${lines.join("\n")}
};
`;
}

/**
 * The Python, PHP and Java SDKs' samples (spec/code-samples/<language>/<operationId>.*, written by
 * each SDK's generator and compiled or type-checked by its CI) join each operation's hand-written
 * x-codeSamples (curl, TypeScript), so that the docs show every SDK.
 */
function addSdkSamples(spec) {
  const samples = [
    { dir: "python", ext: "py", lang: "Python", label: "bahi (Python)" },
    { dir: "php", ext: "php", lang: "PHP", label: "bahi/bahi-php" },
    { dir: "java", ext: "java", lang: "Java", label: "dev.bahi:bahi-java" },
  ];
  const root = join(pkg, "../../spec/code-samples");
  for (const item of Object.values(spec.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation?.operationId) continue;
      for (const { dir, ext, lang, label } of samples) {
        const file = join(root, dir, `${operation.operationId}.${ext}`);
        if (!existsSync(file)) throw new Error(`${operation.operationId} has no ${lang} sample: ${file}`);
        operation["x-codeSamples"] = [
          ...(operation["x-codeSamples"] ?? []).filter((sample) => sample.label !== label),
          { lang, label, source: readFileSync(file, "utf8") },
        ];
      }
    }
  }
}

/** Spec examples become typed fixtures: each example is typed by the schema it illustrates. */
function fixturesModule(spec) {
  const schemaOf = new Map();
  const visit = (node) => {
    if (!node || typeof node !== "object") return;
    if (node.schema?.$ref && node.examples) {
      for (const ex of Object.values(node.examples)) {
        if (ex.$ref) schemaOf.set(ex.$ref.split("/").pop(), node.schema.$ref.split("/").pop());
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(spec.paths);
  const names = Object.keys(spec.components.examples ?? {}).sort();
  const lines = names.map((name) => {
    const schema = schemaOf.get(name);
    const value = JSON.stringify(spec.components.examples[name].value, null, 2);
    const typed = schema ? ` satisfies components["schemas"][${JSON.stringify(schema)}]` : "";
    return `  ${JSON.stringify(name)}: ${value.replaceAll("\n", "\n  ")}${typed},`;
  });
  return `${banner}import type { components } from "./schema.js";

/** The spec's examples (spec/components/examples), shared by the docs, server tests and SDK mocks. */
export const fixtures = {
${lines.join("\n")}
};
`;
}
