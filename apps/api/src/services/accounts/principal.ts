/** Who is calling: the account and mode selected by the API key, and what the key may do. */
export interface Principal {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly keyId: string;
  readonly scopes: ReadonlySet<string>;
  readonly plan: "free" | "growth" | "enterprise";
  readonly subscriptionStatus: "active" | "paused";
}

export const ALL_SCOPES = "*";

export function hasScopes(principal: Principal, required: readonly string[]): boolean {
  return principal.scopes.has(ALL_SCOPES) || required.every((scope) => principal.scopes.has(scope));
}
