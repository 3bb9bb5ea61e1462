import openapiFetch, { type Client } from "openapi-fetch";
import { Credential, type RefreshAccessToken, sendAuthorized } from "./credential.js";
import { clientValidationError, errorFromResponse } from "./errors.js";
import type { paths } from "./generated/schema.js";
import type { GraphQLResult } from "./graphql.js";
import { List, type ListPage } from "./list.js";
import { type Fetch, sendWithRetries } from "./transport.js";
import type { OperationId, RequestOptions, RequestValidator } from "./types.js";

// In our CommonJS build the default import follows Node's interop and is openapi-fetch's whole CommonJS
// exports object, whose `default` is the function; in the ESM build it is the function itself.
const createClient = (openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch;

/** How to reach Bahi and how patiently. */
export interface BahiOptions {
  /** A secret key, `sk_test_…` or `sk_live_…`; its mode selects test or live data. */
  apiKey?: string | undefined;
  /**
   * Instead of a key: an OAuth access token (`bahi_at_…`) or a personal access token (`bahi_pat_…`),
   * which acts for one account and mode with the scopes it was given.
   */
  accessToken?: string | undefined;
  /**
   * With an `accessToken`: called when Bahi refuses it (401 with `WWW-Authenticate: Bearer
   * error="invalid_token"`, e.g. expired) for a new one; the refused request is sent once more with it.
   * Concurrent requests share one call.
   */
  refreshAccessToken?: RefreshAccessToken;
  /** Where the API is served, without `/v1`. Default: `http://127.0.0.1:8080` (a local `pnpm start`). */
  baseUrl?: string;
  /**
   * How many times a failed attempt is retried (network errors, timeouts, 429, 5xx; a DELETE only when
   * Bahi cannot have acted on it). Default: 2.
   */
  maxRetries?: number;
  /** Milliseconds each attempt may take, response body included. Default: 30 000. */
  timeout?: number;
  /** The fetch to send requests with. Default: `globalThis.fetch`, looked up at each call. */
  fetch?: Fetch;
  /**
   * Checks request bodies before sending (off by default); see the README for plugging in the contract's
   * compiled validators.
   */
  validateRequest?: RequestValidator;
}

/**
 * What each call's `init` adds to openapi-fetch's options: the retrying fetch of that call. A type, not
 * an interface, so that it has the implicit index signature openapi-fetch's options ask for.
 */
export type CallInit = { fetch: Fetch };

interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The shared machinery behind every resource: the typed openapi-fetch client, retries, errors, lists. */
export class Core {
  readonly client: Client<paths>;
  readonly #options: BahiOptions;
  readonly #baseUrl: string;
  readonly #credential: Credential;

  constructor(options: BahiOptions) {
    const { apiKey, accessToken, refreshAccessToken } = options;
    if (apiKey && accessToken) throw new TypeError("Bahi: pass apiKey or accessToken, not both");
    if (!apiKey && !accessToken)
      throw new TypeError(
        "Bahi: no apiKey given (pass your secret key, sk_test_… or sk_live_…, or an accessToken)",
      );
    if (refreshAccessToken && !accessToken)
      throw new TypeError("Bahi: refreshAccessToken renews an accessToken; an API key is not refreshed");
    this.#options = options;
    this.#credential = new Credential((accessToken || apiKey) as string, refreshAccessToken);
    this.#baseUrl = (options.baseUrl ?? "http://127.0.0.1:8080").replace(/\/+$/, "");
    this.client = createClient<paths>({ baseUrl: options.baseUrl ?? "http://127.0.0.1:8080" });
  }

  /**
   * Runs one operation: checks its body when a validator is set, sends it through `send` (an
   * openapi-fetch call, which types path, query and body from the spec) with retries, and returns the
   * answer's body or throws the error of its status.
   */
  async call<T>(
    operationId: OperationId,
    options: RequestOptions | undefined,
    send: (init: CallInit) => Promise<Outcome<T>>,
    body?: unknown,
  ): Promise<T> {
    const { validateRequest } = this.#options;
    if (validateRequest && body !== undefined) {
      const errors = validateRequest(operationId, body);
      if (errors.length > 0) throw clientValidationError(errors);
    }
    const fetch = this.#options.fetch ?? ((request: Request) => globalThis.fetch(request));
    let sent: Request | undefined;
    const { data, error, response } = await send({
      fetch: (request) => {
        sent = request;
        return sendAuthorized(request, this.#credential, (authorized) =>
          sendWithRetries(authorized, {
            fetch,
            maxRetries: options?.maxRetries ?? this.#options.maxRetries ?? 2,
            timeout: options?.timeout ?? this.#options.timeout ?? 30_000,
            signal: options?.signal,
            idempotencyKey: options?.idempotencyKey,
          }),
        );
      },
    });
    // The transport puts the POST's Idempotency-Key on the request; the caller needs it to retry safely.
    if (!response.ok)
      throw errorFromResponse(response, error, sent?.headers.get("idempotency-key") ?? undefined);
    // openapi-fetch's answer is a union on `error`, which an empty error body leaves undefined too; the
    // status is what tells them apart, and TypeScript cannot follow that.
    return data as T;
  }

  /** An operation that answers a file that is not text (a PDF): its bytes. */
  async bytes(
    operationId: OperationId,
    options: RequestOptions | undefined,
    send: (init: CallInit) => Promise<Outcome<ArrayBuffer>>,
  ): Promise<Uint8Array> {
    return new Uint8Array(await this.call(operationId, options, send));
  }

  /**
   * Sends a GraphQL document to `POST /graphql` with the client's key or token and answers its result whole
   * (`data`, `errors`, `extensions.cost`). Not retried unless `maxRetries` says so: a mutation is
   * repeated safely only under its own `idempotencyKey` argument.
   */
  async graphql<TData>(
    query: string,
    variables: Record<string, unknown> | undefined,
    options: RequestOptions | undefined,
  ): Promise<GraphQLResult<TData>> {
    const fetch = this.#options.fetch ?? ((request: Request) => globalThis.fetch(request));
    const request = new Request(`${this.#baseUrl}/graphql`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/graphql-response+json, application/json",
      },
      body: JSON.stringify({ query, variables: variables ?? {} }),
    });
    const response = await sendAuthorized(request, this.#credential, (authorized) =>
      sendWithRetries(authorized, {
        fetch,
        maxRetries: options?.maxRetries ?? 0,
        timeout: options?.timeout ?? this.#options.timeout ?? 30_000,
        signal: options?.signal,
        idempotencyKey: options?.idempotencyKey,
      }),
    );
    const text = await response.text();
    const body = text ? (JSON.parse(text) as GraphQLResult<TData>) : {};
    // A GraphQL answer is 200 even with errors in it; another status (401, 429, 5xx) refused the request.
    if (!response.ok && !(body && "data" in body)) throw errorFromResponse(response, body);
    return body;
  }

  /** A list operation as a lazy iterable over every page, each fetched with the query and `starting_after`. */
  list<Page extends ListPage, Query extends { starting_after?: string }>(
    operationId: OperationId,
    query: Query | undefined,
    options: RequestOptions | undefined,
    send: (query: Query, init: CallInit) => Promise<Outcome<Page>>,
  ): List<Page> {
    return new List((startingAfter) =>
      this.call(operationId, options, (init) =>
        send(
          { ...query, ...(startingAfter === undefined ? {} : { starting_after: startingAfter }) } as Query,
          init,
        ),
      ),
    );
  }
}
