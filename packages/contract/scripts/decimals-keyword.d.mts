import type { KeywordDefinition } from "ajv";

export declare const decimalsKeyword: KeywordDefinition;
