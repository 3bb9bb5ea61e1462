// The OAuth endpoints' own limits (token, revocation, introspection, device authorization), counted
// in the server's rate limiter beside /v1's: in Redis across nodes when there is one, per node
// otherwise. The spec's guide ("Acting for a business with OAuth 2.0") states them.
import type { Budget, RateLimiter } from "../../http/rate-limit.js";

/** OAUTH_REQUESTS_PER_CLIENT_PER_MINUTE: the four endpoints together, per `client_id`. */
export const OAUTH_REQUESTS_PER_CLIENT_PER_MINUTE = 3_000;
/**
 * OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE: the four endpoints together, per client address. Below the
 * client's budget, so that one address sending an app's public `client_id` cannot spend all of it.
 */
export const OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE = 600;
/** OAUTH_RATE_WINDOW_SECONDS: both budgets are fixed windows of a minute. */
export const OAUTH_RATE_WINDOW_SECONDS = 60;

export interface OAuthRateLimits {
  readonly perClient: number;
  readonly perAddress: number;
  readonly windowSeconds: number;
}

export const OAUTH_RATE_LIMITS: OAuthRateLimits = {
  perClient: OAUTH_REQUESTS_PER_CLIENT_PER_MINUTE,
  perAddress: OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE,
  windowSeconds: OAUTH_RATE_WINDOW_SECONDS,
};

/**
 * RFC 6749 has no error for a client over its limit; `temporarily_unavailable` (its 4.1.2.1) is the
 * one that tells a client library to try again later, and the 429 with Retry-After says when.
 */
export const RATE_LIMITED_ERROR = "temporarily_unavailable";

/** What a client id can look like (`oap_…`, `bahi-cli`); anything else names no client and is counted per address only. */
const CLIENT_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

export interface OAuthThrottle {
  readonly limiter: RateLimiter;
  readonly limits: OAuthRateLimits;
}

/** Counts one request to the OAuth endpoints from `address` for `clientId` (as sent, before it is checked). */
export function spendOAuthRequest(throttle: OAuthThrottle, address: string, clientId: string | undefined) {
  const { perClient, perAddress, windowSeconds } = throttle.limits;
  const byAddress: Budget = { name: "oauth:address", points: perAddress, seconds: windowSeconds };
  const byClient: Budget = { name: "oauth:client", points: perClient, seconds: windowSeconds };
  return throttle.limiter.spend([
    { budget: byAddress, key: address },
    ...(clientId && CLIENT_ID_SHAPE.test(clientId) ? [{ budget: byClient, key: clientId }] : []),
  ]);
}
