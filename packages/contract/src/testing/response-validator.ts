import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import appOpenapi from "../../generated/app-openapi.json" with { type: "json" };
import openapi from "../../generated/openapi.json" with { type: "json" };
import { decimalsKeyword } from "../../scripts/decimals-keyword.mjs";
import { appOperationList } from "../generated/app/operations.js";
import { operationList } from "../generated/operations.js";
import type { OperationSpec } from "../operation-spec.js";

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;

export interface ResponseLike {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Checks answers against one contract: /v1's (`openapi.json`) or the application's. */
function contractChecker(doc: Json, operationList: readonly OperationSpec[]) {
  function rewrite(node: unknown): unknown {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === "$ref" && typeof v === "string"
          ? v.replace("#/components/schemas/", "bahi#/$defs/")
          : rewrite(v),
      ]),
    );
  }

  function resolve(node: unknown): Json {
    let current = node as Json;
    while (typeof current?.$ref === "string") {
      current = (current.$ref as string)
        .slice(2)
        .split("/")
        .reduce<Json>((acc, key) => acc[key] as Json, doc);
    }
    return current;
  }

  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addKeyword(decimalsKeyword);
  ajv.addSchema({ $id: "bahi", $defs: rewrite((doc.components as Json).schemas) as Json });
  const compiled = new Map<string, ValidateFunction>();

  function validatorFor(key: string, schema: unknown): ValidateFunction {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(rewrite(schema) as Json);
      compiled.set(key, validate);
    }
    return validate;
  }

  /** The spec's operation object of `operationId` (parameters, request body, responses), if any. */
  function operationObjectOf(operationId: string): Json | undefined {
    const op = operationList.find((o) => o.operationId === operationId);
    return op && (((doc.paths as Json)[op.path] as Json)[op.method.toLowerCase()] as Json);
  }

  /**
   * Checks a response against the spec: the status must be one the operation lists, the content type
   * one it declares, the body valid against that schema, and every required header present and valid.
   * Returns the problems found (empty when the response conforms).
   */
  function responseProblems(operationId: string, response: ResponseLike): string[] {
    const operation = operationObjectOf(operationId);
    if (!operation) return [`unknown operation ${operationId}`];
    const responses = operation.responses as Json;
    const declared = responses[String(response.status)];
    if (!declared) return [`${operationId} does not list status ${response.status}`];
    const spec = resolve(declared);
    const problems: string[] = [];
    for (const [name, header] of Object.entries((spec.headers ?? {}) as Json)) {
      const h = resolve(header);
      const value = response.headers.get(name);
      if (value === null) {
        if (h.required) problems.push(`header ${name} is missing`);
        continue;
      }
      const schema = h.schema as Json;
      const typed = schema.type === "integer" || schema.type === "number" ? Number(value) : value;
      const validate = validatorFor(`${operationId} ${response.status} header ${name}`, schema);
      if (!validate(typed)) problems.push(`header ${name}=${value}: ${ajv.errorsText(validate.errors)}`);
    }
    const content = spec.content as Json | undefined;
    const contentType = response.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
    if (!content) return problems;
    const media = content[contentType] as Json | undefined;
    if (!media) return [...problems, `content type ${contentType} is not declared for ${response.status}`];
    if (media.schema) {
      const validate = validatorFor(`${operationId} ${response.status} ${contentType}`, media.schema);
      if (!validate(response.body)) {
        problems.push(
          `body: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(response.body).slice(0, 500)}`,
        );
      }
    }
    return problems;
  }

  /** Checks a problem+json answer that belongs to no operation (unknown route, wrong method). */
  function problemProblems(body: unknown): string[] {
    const validate = validatorFor("Problem", { $ref: "#/components/schemas/Problem" });
    return validate(body) ? [] : [ajv.errorsText(validate.errors)];
  }

  /** The first example the spec gives of `operationId`'s JSON request body, if it gives one. */
  function requestExampleOf(operationId: string): unknown {
    const operation = operationObjectOf(operationId);
    if (!operation) throw new Error(`unknown operation ${operationId}`);
    const body = resolve(operation.requestBody);
    const media = (body?.content as Json | undefined)?.["application/json"] as Json | undefined;
    const first = Object.values((media?.examples ?? {}) as Json)[0];
    return first === undefined ? undefined : resolve(first).value;
  }
  return { operationObjectOf, responseProblems, problemProblems, requestExampleOf };
}

const v1 = contractChecker(openapi as unknown as Json, operationList);
const app = contractChecker(appOpenapi as unknown as Json, appOperationList);

export const { operationObjectOf, responseProblems, problemProblems, requestExampleOf } = v1;
/** responseProblems for an operation of the application's contract (spec/app). */
export const appResponseProblems = app.responseProblems;
