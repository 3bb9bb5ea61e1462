// Derives the operation table (method, path, scopes, parameters, bodies, statuses) from the bundled spec.
const methods = ["get", "put", "post", "patch", "delete"];

function resolve(doc, node) {
  let current = node;
  while (current?.$ref) {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((acc, key) => acc[key.replaceAll("~1", "/").replaceAll("~0", "~")], doc);
  }
  return current;
}

export function describeOperations(doc) {
  const operations = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve(doc, p));
      const security = op.security ?? doc.security ?? [];
      const body = op.requestBody ? resolve(doc, op.requestBody) : null;
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        scopes: security.length === 0 ? null : Object.values(security[0])[0],
        scheme: security.length === 0 ? null : Object.keys(security[0])[0],
        pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === "query").map((p) => p.name),
        headerParams: parameters.filter((p) => p.in === "header").map((p) => p.name.toLowerCase()),
        requestBody: body
          ? { required: body.required === true, contentTypes: Object.keys(body.content) }
          : null,
        responses: Object.keys(op.responses).map(Number),
      });
    }
  }
  return operations.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/** Conventions that the linter cannot express; generation fails loudly when one is broken. */
export function checkOperations(doc, operations) {
  const problems = [];
  for (const op of operations) {
    const where = `${op.method} ${op.path} (${op.operationId})`;
    if (op.scopes !== null && op.scopes.length === 0) problems.push(`${where}: names no scope`);
    if (op.method === "POST" && !op.headerParams.includes("idempotency-key"))
      problems.push(`${where}: a POST must accept Idempotency-Key`);
    if (op.scopes !== null) {
      for (const status of [401, 403, 429, 500])
        if (!op.responses.includes(status)) problems.push(`${where}: lists no ${status}`);
    }
    if (op.pathParams.includes("id") && !op.responses.includes(404)) problems.push(`${where}: lists no 404`);
  }
  if (new Set(operations.map((o) => o.operationId)).size !== operations.length)
    problems.push("operationIds are not unique");
  if (problems.length > 0) {
    throw new Error(`The spec breaks Bahi's conventions:\n  ${problems.join("\n  ")}`);
  }
  return doc;
}
