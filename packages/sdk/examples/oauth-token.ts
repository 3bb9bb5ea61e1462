// The README's client acting for a business with an OAuth access token, renewed with its refresh
// token when Bahi refuses it. Type-checked in CI against the SDK's sources.

import { Bahi } from "@bahi/sdk";

/** Where an app keeps a member's tokens between runs (a database row in a real app). */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

export function clientFor(stored: StoredTokens, clientId: string, baseUrl = "http://localhost:8080") {
  return new Bahi({
    baseUrl,
    accessToken: stored.accessToken,
    // Called once when Bahi answers 401 invalid_token (an access token lasts 10 minutes).
    refreshAccessToken: async () => {
      const response = await fetch(`${baseUrl}/oauth/token`, {
        method: "POST",
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: stored.refreshToken,
          client_id: clientId, // a confidential app adds its client_secret
        }),
      });
      if (!response.ok) throw new Error(`refresh refused: ${await response.text()}`);
      const tokens = (await response.json()) as { access_token: string; refresh_token: string };
      // Refresh tokens are rotated: the old one now revokes the whole grant if it is used again.
      stored.accessToken = tokens.access_token;
      stored.refreshToken = tokens.refresh_token;
      return tokens.access_token;
    },
  });
}
