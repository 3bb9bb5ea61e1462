// Generated from spec/ by packages/contract/scripts/generate.mjs. Do not edit.
export * from "./param-validators.js";
export * from "./body-validators.js";
