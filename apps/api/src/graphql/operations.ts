import { type OperationSpec, operationList } from "@bahi/contract";
import type { OperationId } from "../http/operation-types.js";
import {
  type AnyHandler,
  authorize,
  type OperationSets,
  type RouterDeps,
  runOperation,
  type UntypedInput,
  validateInput,
} from "../http/router.js";
import { handlers } from "../routes/index.js";
import type { Authentication } from "../services/accounts/authenticate.js";
import type { Principal } from "../services/accounts/principal.js";
import type { Services } from "../services/index.js";
import { JsonText } from "../values/json-text.js";
import { ApiError } from "../values/problem.js";

const operations = new Map<string, OperationSpec>(operationList.map((op) => [op.operationId, op]));

/** The spec's operation `id`; a schema naming an operation the spec lacks fails at start-up. */
export function operationOf(id: string): OperationSpec {
  const op = operations.get(id);
  if (!op || !handlers[id as OperationId])
    throw new Error(`GraphQL names the operation ${id}, which has no handler`);
  return op;
}

/** The REST path of an operation with its path parameters filled in (an Idempotency-Key's fingerprint). */
function pathOf(op: OperationSpec, path: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? ""));
}

/** A handler's answer as an object: JSON text already written (a cached invoice, a replay) is parsed. */
function objectOf(body: unknown): unknown {
  return body instanceof JsonText ? JSON.parse(body.text) : body;
}

export interface RunnerDeps {
  readonly router: RouterDeps;
  readonly services: Services;
  readonly sets: OperationSets;
}

/**
 * Runs the REST operations behind GraphQL's fields for one request: authorised by the operation's
 * scopes, its input validated by the operation's compiled validators, and run by the router's own
 * runOperation, writes in one transaction under their Idempotency-Key. GraphQL has no way of its own
 * to read or write.
 */
export class OperationRunner {
  constructor(
    private readonly auth: Authentication,
    private readonly deps: RunnerDeps,
    private readonly requestId: string,
    /** Gathers the scopes of the fields refused for want of them (an RFC 6750 challenge). */
    private readonly missingScopes: Set<string> = new Set(),
  ) {}

  /** The caller, if the key holds the operation's scopes (else the ApiError REST would answer). */
  authorize(operationId: string): Principal {
    const principal = this.authorized(operationOf(operationId));
    if (!principal) throw new Error(`${operationId} is public`);
    return principal;
  }

  private authorized(op: OperationSpec): Principal | null {
    try {
      return authorize(this.auth, op);
    } catch (error) {
      if (error instanceof ApiError && error.code === "insufficient_scope") {
        for (const scope of op.scopes ?? []) this.missingScopes.add(scope);
      }
      throw error;
    }
  }

  async read(
    operationId: string,
    input: { path?: Record<string, string>; query?: Record<string, unknown> } = {},
  ): Promise<unknown> {
    return (
      await this.run(operationId, {
        path: input.path ?? {},
        query: input.query ?? {},
        headers: {},
        body: undefined,
      })
    ).body;
  }

  async write(
    operationId: string,
    input: { path?: Record<string, string>; body: unknown },
    idempotencyKey: string | null | undefined,
  ): Promise<{ body: unknown; replayed: boolean }> {
    return this.run(operationId, {
      path: input.path ?? {},
      query: {},
      headers: idempotencyKey == null ? {} : { "idempotency-key": idempotencyKey },
      body: input.body,
    });
  }

  private async run(operationId: string, input: UntypedInput): Promise<{ body: unknown; replayed: boolean }> {
    const op = operationOf(operationId);
    const principal = this.authorized(op);
    validateInput(op, input);
    const { reply, replayed } = await runOperation(
      op,
      handlers[op.operationId as OperationId] as AnyHandler,
      principal,
      input,
      {
        deps: this.deps.router,
        services: this.deps.services,
        requestId: this.requestId,
        path: pathOf(op, input.path),
        sets: this.deps.sets,
      },
    );
    return { body: objectOf(reply.body), replayed };
  }
}
