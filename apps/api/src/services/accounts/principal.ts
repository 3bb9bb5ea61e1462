/** Who is calling: the account and mode selected by the API key, and what the key may do. */
export interface Principal {
  readonly accountId: string;
  readonly livemode: boolean;
  /** The API key; for a member's session or token, the session's or token's id. */
  readonly keyId: string;
  /** The member behind a session (the application at /app); absent for an API key. */
  readonly memberId?: string;
  /** A bearer token of a member (personal access token): refusals carry RFC 6750's `WWW-Authenticate`. */
  readonly bearerToken?: boolean;
  /** The OAuth app acting, for an access token. */
  readonly appId?: string;
  readonly scopes: ReadonlySet<string>;
  readonly plan: "free" | "growth" | "enterprise";
  readonly subscriptionStatus: "active" | "paused";
}

export const ALL_SCOPES = "*";

export function hasScopes(principal: Principal, required: readonly string[]): boolean {
  return principal.scopes.has(ALL_SCOPES) || required.every((scope) => principal.scopes.has(scope));
}
