import type { components } from "@bahi/contract";
import type { Logger } from "pino";
import type { Database } from "../../db/client.js";
import { NicProviders } from "../../einvoice/providers.js";
import { IrpSandbox } from "../../einvoice/sandbox.js";
import { SecretBox } from "../../secrets/secret-box.js";
import type { Owner } from "../shared/owner.js";
import {
  claimDueRegistrations,
  type DocumentKind,
  leasedRegistration,
  type RegistrationRow,
} from "./queue.js";
import { type AttemptOutcome, attemptRegistration } from "./registrations.js";
import { IrpSelections } from "./selections.js";

type Schemas = components["schemas"];
/** A document of a kind, as the API answers it. */
export type DocumentOf<K extends DocumentKind> = K extends "invoice"
  ? Schemas["Invoice"]
  : K extends "credit_note"
    ? Schemas["CreditNote"]
    : Schemas["DebitNote"];

/** REGISTRATION_BATCH_SIZE: due registrations a worker takes per poll, tried side by side. */
export const REGISTRATION_BATCH_SIZE = 20;
/** REGISTRATION_POLL_MS: how often an idle worker looks for due registrations. */
export const REGISTRATION_POLL_MS = 250;

/**
 * Runs registrations with a live IRP: right after a document's commit (`registerNow`, which its
 * request waits for a while), and as a worker over the queue's due rows (retries, and what a
 * restart left pending). Every try goes through a claim of the queue's row, so one document is
 * never tried by two at once.
 */
export class Registrar {
  readonly #inFlight = new Set<Promise<unknown>>();
  #timer: NodeJS.Timeout | null = null;
  #stopping = false;
  #polling: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    readonly selections: IrpSelections,
    private readonly logger: Logger,
  ) {}

  /**
   * Makes the first try of a registration just queued (`fresh`: by this request, whose lease is
   * known without reading it) or woken under its lease, and resolves with the document as the try
   * left it, or null once `waitMs` has passed first (the try goes on after that).
   */
  async registerNow<K extends DocumentKind>(
    owner: Owner,
    kind: K,
    documentId: string,
    { waitMs, fresh }: { waitMs: number; fresh: boolean },
  ): Promise<DocumentOf<K> | null> {
    const attempt = (async () => {
      const leased: RegistrationRow | null = fresh
        ? {
            accountId: owner.accountId,
            livemode: owner.livemode,
            kind,
            documentId,
            attempts: 1,
            outcomeUnknown: false,
            nextAttemptAt: null,
            createdAt: new Date(),
          }
        : await leasedRegistration(this.db, owner, kind, documentId);
      const outcome = leased ? await this.#attempt(leased) : null;
      return outcome && outcome.kind !== "gone" ? (outcome.document as DocumentOf<K>) : null;
    })();
    this.#track(attempt);
    let timer: NodeJS.Timeout | undefined;
    const invoice = await Promise.race([
      attempt.catch(() => null),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      }),
    ]);
    clearTimeout(timer);
    return invoice;
  }

  /** Polls the queue until stop(). */
  start(pollMs = REGISTRATION_POLL_MS): void {
    const tick = () => {
      if (this.#stopping) return;
      this.#polling = this.drain().finally(() => {
        this.#polling = null;
        if (!this.#stopping) this.#timer = setTimeout(tick, pollMs);
      });
    };
    this.#timer = setTimeout(tick, 0);
  }

  /** Tries every registration due now, batch after batch; resolves with how many were tried. */
  async drain(): Promise<void> {
    for (;;) {
      let claimed: RegistrationRow[];
      try {
        claimed = await claimDueRegistrations(this.db, REGISTRATION_BATCH_SIZE);
      } catch (error) {
        this.logger.error({ err: error }, "e-invoice registrations could not be claimed");
        return;
      }
      if (claimed.length === 0 || this.#stopping) return;
      await Promise.all(claimed.map((row) => this.#track(this.#attempt(row))));
    }
  }

  /** Stops polling and waits for the tries in hand. */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#polling;
    await Promise.allSettled([...this.#inFlight]);
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#inFlight.add(work);
    const done = () => this.#inFlight.delete(work);
    work.then(done, done);
    return work;
  }

  async #attempt(claimed: RegistrationRow): Promise<AttemptOutcome | null> {
    try {
      const outcome = await attemptRegistration(this.db, this.selections, claimed);
      this.logger.info(
        {
          document_id: claimed.documentId,
          kind: claimed.kind,
          attempt: claimed.attempts,
          outcome: outcome.kind,
        },
        "e-invoice registration tried",
      );
      return outcome;
    } catch (error) {
      // The lease lapses and a worker tries again.
      this.logger.error({ err: error, document_id: claimed.documentId }, "e-invoice registration broke");
      return null;
    }
  }
}

/** What an e-invoice registration needs besides the database (Services' `einvoice`). */
export interface EInvoiceServices {
  readonly selections: IrpSelections;
  readonly registrar: Registrar;
  /** How long a create waits after its commit for a live IRP's IRN (EINVOICE_WAIT_MS). */
  readonly waitMs: number;
}

/**
 * A registration worker of its own, for `pnpm bahi worker`: the sandbox (for accounts that went
 * back to it), NIC adapters, and the box that unseals their credentials. `stop()` lets go of all.
 */
export async function startRegistrationWorker(
  db: Database,
  secretKey: Buffer | null,
  logger: Logger,
): Promise<{ stop(): Promise<void> }> {
  const sandbox = await IrpSandbox.open(db);
  const nic = new NicProviders();
  const registrar = new Registrar(
    db,
    new IrpSelections(sandbox, nic, await SecretBox.open(db, secretKey)),
    logger,
  );
  registrar.start();
  return {
    async stop() {
      await registrar.stop();
      await Promise.all([sandbox.close(), nic.close()]);
    },
  };
}
