/**
 * Gets a new OAuth access token when Bahi refuses the current one as expired or revoked: typically a
 * `refresh_token` grant at `POST /oauth/token`, keeping the rotated refresh token it answers for the
 * next time. Its rejection is the rejection of the call that needed the new token.
 */
export type RefreshAccessToken = () => Promise<string> | string;

/** RFC 6750's refusal of a bearer token that is expired, revoked or unknown (not of a missing scope). */
export function refusesToken(response: Response): boolean {
  if (response.status !== 401) return false;
  const challenge = response.headers.get("www-authenticate") ?? "";
  return /^\s*Bearer\b/i.test(challenge) && /\berror\s*=\s*"?invalid_token"?/i.test(challenge);
}

/**
 * The client's bearer credential: an API key, a personal access token, or an OAuth access token that a
 * refresh callback renews. Requests that find their token refused together share one refresh.
 */
export class Credential {
  #token: string;
  #refreshing: Promise<string> | undefined;

  constructor(
    token: string,
    readonly refresh?: RefreshAccessToken,
  ) {
    this.#token = token;
  }

  get token(): string {
    return this.#token;
  }

  /**
   * The token to send again after `refused` was refused: the one another request already got, or a new
   * one from the callback (one call however many requests wait for it). `undefined` when there is no
   * callback.
   */
  async renew(refused: string): Promise<string | undefined> {
    if (!this.refresh) return undefined;
    if (this.#token !== refused) return this.#token;
    this.#refreshing ??= this.#fetchNew(this.refresh).finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  async #fetchNew(refresh: RefreshAccessToken): Promise<string> {
    const token = await refresh();
    if (typeof token !== "string" || token === "")
      throw new TypeError("Bahi: refreshAccessToken gave no access token");
    this.#token = token;
    return token;
  }
}

/**
 * Sends a request with the credential, and when its token is refused as invalid, once more with the
 * renewed token: never a second refresh for one call, so a server that refuses every token cannot make
 * it loop. The request keeps its other headers (a POST's `Idempotency-Key` among them) on the retry.
 */
export async function sendAuthorized(
  request: Request,
  credential: Credential,
  send: (request: Request) => Promise<Response>,
): Promise<Response> {
  const token = credential.token;
  request.headers.set("Authorization", `Bearer ${token}`);
  const response = await send(request);
  if (!refusesToken(response)) return response;
  const renewed = await credential.renew(token);
  if (renewed === undefined) return response;
  request.headers.set("Authorization", `Bearer ${renewed}`);
  return send(request);
}
