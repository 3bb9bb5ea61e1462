import { IrpProvider, type IrpProviderOptions } from "../irp-provider.js";
import { jwksFromPublicKeys } from "../jwt.js";
import type { Jwks } from "../provider.js";
import { type NicClientOptions, NicIrpClient } from "./client.js";

export interface NicProviderOptions extends NicClientOptions, Omit<IrpProviderOptions, "jwks"> {
  /** The keys that verify the IRP's signatures: a JWKS, or the public keys' PEMs (NIC publishes its key as a certificate). */
  readonly signingKeys: Jwks | readonly string[];
}

/** Bahi's e-invoice provider for a NIC IRP (or a GSP relaying NIC's API, or the simulated IRP). */
export function createNicProvider(options: NicProviderOptions): IrpProvider {
  const { signingKeys, maxRecoveryRounds, recoveryDelayMs, logger } = options;
  const jwks = isJwks(signingKeys) ? signingKeys : jwksFromPublicKeys(signingKeys);
  return new IrpProvider(new NicIrpClient(options), {
    jwks,
    ...(maxRecoveryRounds === undefined ? {} : { maxRecoveryRounds }),
    ...(recoveryDelayMs === undefined ? {} : { recoveryDelayMs }),
    ...(logger === undefined ? {} : { logger }),
  });
}

function isJwks(keys: Jwks | readonly string[]): keys is Jwks {
  return !Array.isArray(keys);
}
