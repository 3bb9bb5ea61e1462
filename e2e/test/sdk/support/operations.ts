import { type OperationSpec, operationList } from "@bahi/contract";

const byPattern = operationList.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\./g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

/** The spec operation a request is for; literal paths win over templates (`/products/imports`). */
export function operationOf(request: Request): OperationSpec | undefined {
  const path = new URL(request.url).pathname;
  return byPattern
    .filter(({ op, pattern }) => op.method === request.method && pattern.test(path))
    .map(({ op }) => op)
    .sort((a, b) => a.path.split("{").length - b.path.split("{").length)[0];
}

export { operationList };
