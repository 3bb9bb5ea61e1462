export {
  IrpProvider,
  type IrpProviderOptions,
  IrpRequestError,
  type RegisterOptions,
} from "./irp-provider.js";
export { formatIrpDateTime, IST_OFFSET_MS, parseIrpDateTime } from "./ist.js";
export {
  jwkFromPublicKey,
  jwksFromPublicKeys,
  rsaThumbprint,
  type VerifiedJwt,
  verifyRs256Jwt,
} from "./jwt.js";
export { type NicClientOptions, type NicCredentials, NicIrpClient } from "./nic/client.js";
export {
  aesDecrypt,
  aesEncrypt,
  decryptJson,
  encryptAuthPayload,
  encryptJson,
  newAppKey,
} from "./nic/crypto.js";
export { NIC_ERROR, NIC_PATHS, type NicPaths } from "./nic/protocol.js";
export { createNicProvider, type NicProviderOptions } from "./nic/provider.js";
export type {
  CancelOutcome,
  DocumentKey,
  GenerateOutcome,
  IrpApi,
  IrpDetails,
  IrpErrorDetail,
  IrpExisting,
  IrpLogger,
  IrpRejected,
  IrpUnavailable,
  IrpUnknown,
  LookupOutcome,
} from "./outcomes.js";
export type { CancelReason, EInvoice, EInvoiceProvider, IrpRegistration, Jwk, Jwks } from "./provider.js";
