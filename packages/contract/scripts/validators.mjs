// Compiles JSON Schema 2020-12 validators for every operation's parameters and JSON body into
// standalone ESM modules, so the server neither compiles schemas at start-up nor calls `new Function`.
import Ajv2020 from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import addFormats from "ajv-formats";
import { decimalsKeyword } from "./decimals-keyword.mjs";

const JSON_TYPE = "application/json";
const shim = `import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
`;

function rewriteRefs(node) {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === "$ref" && typeof value === "string"
        ? value.replace("#/components/schemas/", "bahi#/$defs/")
        : rewriteRefs(value);
  }
  return out;
}

function resolve(doc, node) {
  let current = node;
  while (current?.$ref) {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((acc, key) => acc[key], doc);
  }
  return current;
}

function newAjv(options) {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    discriminator: true,
    code: { source: true, esm: true },
    ...options,
  });
  addFormats(ajv);
  ajv.addKeyword(decimalsKeyword);
  ajv.addFormat("binary", true);
  ajv.addVocabulary(["example", "xml", "externalDocs"]);
  return ajv;
}

function parameterSchema(doc, op, where, lowerCase) {
  const pathItem = doc.paths[op.path];
  const raw = pathItem[op.method.toLowerCase()];
  const params = [...(pathItem.parameters ?? []), ...(raw.parameters ?? [])]
    .map((p) => resolve(doc, p))
    .filter((p) => p.in === where);
  const properties = {};
  const required = [];
  for (const p of params) {
    const name = lowerCase ? p.name.toLowerCase() : p.name;
    properties[name] = rewriteRefs(p.schema);
    if (p.required) required.push(name);
  }
  return { type: "object", properties, required, additionalProperties: where === "header" };
}

/** Returns the module sources and, for each operation, the expression naming its validators. */
export function buildValidators(doc, operations) {
  const defs = { $id: "bahi", $defs: rewriteRefs(doc.components.schemas ?? {}) };
  const params = newAjv({ coerceTypes: "array", useDefaults: true });
  const bodies = newAjv({ useDefaults: true });
  params.addSchema(defs);
  bodies.addSchema(defs);
  const paramExports = {};
  const bodyExports = {};
  const entries = new Map();
  for (const op of operations) {
    const id = op.operationId;
    const entry = {};
    for (const [where, key, lower] of [
      ["path", "path", false],
      ["query", "query", false],
      ["header", "headers", true],
    ]) {
      const name = `${id}_${key}`;
      params.addSchema({ $id: name, ...parameterSchema(doc, op, where, lower) });
      paramExports[name] = name;
      entry[key] = `v.${name}`;
    }
    const raw = doc.paths[op.path][op.method.toLowerCase()];
    const body = raw.requestBody ? resolve(doc, raw.requestBody) : null;
    const jsonSchema = body?.content?.[JSON_TYPE]?.schema;
    if (jsonSchema) {
      const name = `${id}_body`;
      bodies.addSchema({ $id: name, ...rewriteRefs(jsonSchema) });
      bodyExports[name] = name;
      entry.body = `v.${name}`;
    }
    entries.set(id, entry);
  }
  const paramSource = standaloneCode(params, paramExports);
  const bodySource = standaloneCode(bodies, bodyExports);
  const names = [...Object.keys(paramExports), ...Object.keys(bodyExports)].sort();
  return {
    paramSource: `${shim}${paramSource}`,
    bodySource: `${shim}${bodySource}`,
    declarations: `import type { ValidateFunction } from "ajv";\n${names
      .map((n) => `export declare const ${n}: ValidateFunction;`)
      .join("\n")}\n`,
    table: (op) => {
      const e = entries.get(op.operationId);
      return `{ ${Object.entries(e)
        .map(([k, val]) => `${k}: ${val}`)
        .join(", ")} }`;
    },
  };
}
