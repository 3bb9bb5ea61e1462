export { Bahi } from "./bahi.js";
export type { BahiOptions } from "./core.js";
export type { RefreshAccessToken } from "./credential.js";
export {
  AuthenticationError,
  BahiError,
  ConflictError,
  ConnectionError,
  NotFoundError,
  PaymentRequiredError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from "./errors.js";
export {
  type TypedDocumentString,
  UnpaidInvoicesDocument,
  type UnpaidInvoicesQuery,
  type UnpaidInvoicesQueryVariables,
} from "./generated/graphql.js";
export type { components, operations, paths } from "./generated/schema.js";
export type { GraphQLCost, GraphQLDocument, GraphQLErrorEntry, GraphQLResult } from "./graphql.js";
export { IrpTokenError, type VerifiedIrpToken, verifyIrpToken } from "./irp-token.js";
export { List, type ListPage } from "./list.js";
export type { ImportFile, ImportFileOptions } from "./resources/products.js";
export type {
  FieldError,
  OperationId,
  PdfQuery,
  QueryParams,
  RequestBody,
  RequestOptions,
  RequestValidator,
  Result,
  Schema,
} from "./types.js";
export {
  type SignOptions,
  type VerifyOptions,
  type WebhookHeaders,
  type WebhookSignatureHeaders,
  WebhookVerificationError,
} from "./webhook-signature.js";
