import type {
  DocumentKey,
  GenerateOutcome,
  IrpApi,
  IrpDetails,
  IrpErrorDetail,
  IrpLogger,
  LookupOutcome,
} from "./outcomes.js";
import type { CancelReason, EInvoice, EInvoiceProvider, IrpRegistration, Jwks } from "./provider.js";

/** NIC's answer to a cancellation of an IRN that is not active (already cancelled). */
const NOT_ACTIVE = "9999";

/**
 * Why a registration or a cancellation did not happen:
 * - `rejected`: the IRP refused it (a field, the credentials, the 24 hours of a cancellation); fix, then retry;
 * - `unavailable`: the IRP did not act on it; retry later;
 * - `unknown`: nobody knows whether the IRP acted on it; ask (register with `afterUnknownOutcome`, or
 *   findByDocument) before trying again.
 */
export class IrpRequestError extends Error {
  override readonly name = "IrpRequestError";

  constructor(
    readonly kind: "rejected" | "unavailable" | "unknown",
    readonly errors: readonly IrpErrorDetail[],
    message: string,
  ) {
    super(message);
  }

  /** Whether trying again as is may succeed (everything but a rejection). */
  get retryable(): boolean {
    return this.kind !== "rejected";
  }

  /** The IRP's first error code, if it gave one. */
  get code(): string | null {
    return this.errors[0]?.code ?? null;
  }
}

export interface IrpProviderOptions {
  /** The IRP's signing keys, which jwks() answers. */
  readonly jwks: Jwks;
  /** After an unknown outcome: ask, then send again, at most this many times per register() (default 2). */
  readonly maxRecoveryRounds?: number;
  /** A pause before asking after an unknown outcome (default 200 ms), for the IRP to finish what it was doing. */
  readonly recoveryDelayMs?: number;
  readonly logger?: IrpLogger;
}

export interface RegisterOptions {
  /**
   * A previous attempt at this document ended with an unknown outcome (say, before a restart): ask the
   * IRP by document details first, and send the document only if it has none.
   */
  readonly afterUnknownOutcome?: boolean;
}

/** How many documents with an unresolved unknown outcome are remembered in memory at most. */
const MAX_REMEMBERED = 10_000;

const describe = (errors: readonly IrpErrorDetail[]) =>
  errors.map((e) => `${e.code}: ${e.message}`).join("; ");

const asRegistration = (details: IrpDetails): IrpRegistration => ({
  irn: details.irn,
  ackNo: details.ackNo,
  ackDate: details.ackDate,
  signedInvoice: details.signedInvoice,
  signedQrCode: details.signedQrCode,
});

/**
 * Bahi's e-invoice provider over an IRP's API: register() is the whole story of one document (a
 * duplicate is the existing registration; an unknown outcome is resolved by asking for the document
 * before sending it again, so that one document never gets two IRNs), and the lower-level steps are
 * here too for a worker that drives retries itself.
 */
export class IrpProvider implements EInvoiceProvider {
  readonly registersLocally = false;
  private readonly maxRecoveryRounds: number;
  private readonly recoveryDelayMs: number;
  private readonly logger: IrpLogger | undefined;
  /** Documents (documentId) whose last attempt here ended with an unknown outcome. */
  private readonly unresolved = new Set<string>();

  constructor(
    readonly api: IrpApi,
    private readonly options: IrpProviderOptions,
  ) {
    this.maxRecoveryRounds = options.maxRecoveryRounds ?? 2;
    this.recoveryDelayMs = options.recoveryDelayMs ?? 200;
    this.logger = options.logger;
  }

  /**
   * Registers the document, or finds its registration: resolves with the IRN or throws an
   * IrpRequestError. A document whose attempt here ended unknown is asked for first next time, and
   * so is one registered with `afterUnknownOutcome` (the worker's flag, kept in the database).
   */
  async register(document: EInvoice, options: RegisterOptions = {}): Promise<IrpRegistration> {
    const id = documentId(document);
    let askFirst = options.afterUnknownOutcome === true || this.unresolved.has(id);
    for (let round = 0; ; round++) {
      if (askFirst) {
        const found = await this.api.getByDocDetails(document.DocDtls);
        if (found.kind === "found") return this.resolved(id, found.registration);
        if (found.kind !== "not_found") {
          this.remember(id);
          throw new IrpRequestError(
            found.kind === "rejected" ? "rejected" : "unknown",
            found.errors,
            `the outcome of an earlier registration is unknown, and asking the IRP failed: ${
              found.kind === "rejected" ? describe(found.errors) : found.reason
            }`,
          );
        }
      }
      const outcome = await this.api.generateIrn(document);
      switch (outcome.kind) {
        case "registered":
          return this.resolved(id, outcome.registration);
        case "duplicate":
          return this.existing(id, document, outcome);
        case "rejected":
          this.unresolved.delete(id);
          throw new IrpRequestError(
            "rejected",
            outcome.errors,
            `the IRP refused the document: ${describe(outcome.errors)}`,
          );
        case "unavailable":
          // Whatever an earlier attempt did, this one was not acted on; a repeat is safe (a duplicate at worst).
          this.unresolved.delete(id);
          throw new IrpRequestError(
            "unavailable",
            outcome.errors,
            `the IRP is unavailable: ${outcome.reason}`,
          );
        case "unknown":
          this.remember(id);
          if (round >= this.maxRecoveryRounds) {
            throw new IrpRequestError("unknown", [], `the IRP's answer did not come: ${outcome.reason}`);
          }
          this.logger?.warn(
            { op: "register", docNo: document.DocDtls.No, reason: outcome.reason },
            "IRP outcome unknown; asking",
          );
          askFirst = true;
          await delay(this.recoveryDelayMs);
      }
    }
  }

  /** Generate IRN once, without recovery: the worker's own step. */
  registerOnce(document: EInvoice): Promise<GenerateOutcome> {
    return this.api.generateIrn(document);
  }

  /** Get IRN by document details: what became of a document whose registration's outcome is unknown. */
  findByDocument(document: EInvoice | DocumentKey): Promise<LookupOutcome> {
    return this.api.getByDocDetails("DocDtls" in document ? document.DocDtls : document);
  }

  /** Get e-invoice by IRN. */
  findByIrn(irn: string): Promise<LookupOutcome> {
    return this.api.getByIrn(irn);
  }

  /**
   * Cancels the IRN; an unknown outcome, or NIC's "not active", is settled by reading the IRN's status
   * (cancelled is done; active is sent once more). Throws an IrpRequestError otherwise.
   */
  async cancel(irn: string, reason: CancelReason, remark: string): Promise<void> {
    for (let round = 0; ; round++) {
      const outcome = await this.api.cancelIrn(irn, reason, remark);
      if (outcome.kind === "cancelled") return;
      if (outcome.kind === "unavailable") {
        throw new IrpRequestError("unavailable", outcome.errors, `the IRP is unavailable: ${outcome.reason}`);
      }
      const alreadyInactive =
        outcome.kind === "rejected" && outcome.errors.some((e) => e.code === NOT_ACTIVE);
      if (outcome.kind === "rejected" && !alreadyInactive) {
        throw new IrpRequestError(
          "rejected",
          outcome.errors,
          `the IRP refused the cancellation: ${describe(outcome.errors)}`,
        );
      }
      const status = await this.api.getByIrn(irn);
      if (status.kind === "found" && status.registration.status === "CNL") return;
      if (outcome.kind === "rejected") {
        throw new IrpRequestError(
          "rejected",
          outcome.errors,
          `the IRP refused the cancellation: ${describe(outcome.errors)}`,
        );
      }
      if (status.kind !== "found" || round >= 1) {
        throw new IrpRequestError(
          "unknown",
          [],
          `the outcome of the cancellation is unknown: ${outcome.reason}`,
        );
      }
    }
  }

  jwks(): Jwks {
    return this.options.jwks;
  }

  close(): Promise<void> {
    return this.api.close();
  }

  /** A duplicate is a success: the existing registration, read in full by its IRN (or by document details). */
  private async existing(
    id: string,
    document: EInvoice,
    duplicate: Extract<GenerateOutcome, { kind: "duplicate" }>,
  ): Promise<IrpRegistration> {
    const found = duplicate.existing
      ? await this.api.getByIrn(duplicate.existing.irn)
      : await this.api.getByDocDetails(document.DocDtls);
    if (found.kind === "found") return this.resolved(id, found.registration);
    if (found.kind === "unavailable") {
      // Registered for sure; the next attempt asks for it instead of sending it again.
      this.remember(id);
      throw new IrpRequestError(
        "unavailable",
        found.errors,
        `the document is registered, but reading it failed: ${found.reason}`,
      );
    }
    this.unresolved.delete(id);
    const errors = [...duplicate.errors, ...found.errors];
    throw new IrpRequestError(
      "rejected",
      errors,
      `the document is registered, but the IRP will not give it: ${describe(errors)}`,
    );
  }

  private resolved(id: string, details: IrpDetails): IrpRegistration {
    this.unresolved.delete(id);
    return asRegistration(details);
  }

  private remember(id: string): void {
    this.unresolved.delete(id);
    this.unresolved.add(id);
    if (this.unresolved.size > MAX_REMEMBERED) {
      const oldest = this.unresolved.values().next().value;
      if (oldest !== undefined) this.unresolved.delete(oldest);
    }
  }
}

/** A document's identity at the IRP: the IRN's own inputs. */
function documentId(document: EInvoice): string {
  const { Typ, No, Dt } = document.DocDtls;
  return `${document.SellerDtls.Gstin}|${Typ}|${No.toUpperCase()}|${Dt}`;
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
