export { type FieldError, toFieldErrors } from "./field-errors.js";
export { enums } from "./generated/enums.js";
export { fixtures } from "./generated/fixtures.js";
export { operationList } from "./generated/operations.js";
export type { components, operations, paths } from "./generated/schema.js";
export type { HttpMethod, OperationSpec } from "./operation-spec.js";
