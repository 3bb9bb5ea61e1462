// The application's own contract (spec/app/openapi.yaml): what only people do, under /app/api.
export { enums as appEnums } from "./generated/app/enums.js";
export { appOperationList } from "./generated/app/operations.js";
export type { components as appComponents, operations as appOperations } from "./generated/app/schema.js";
