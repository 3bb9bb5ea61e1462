import type { KeywordDefinition } from "ajv";

export declare const decimalMultipleOf: KeywordDefinition;
