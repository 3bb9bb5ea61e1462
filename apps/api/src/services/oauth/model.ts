// The storage behind @node-oauth/oauth2-server, which does the protocol's checks (client, redirect
// URI, PKCE, expiry, rotation): codes and tokens are stored as SHA-256 digests, scopes are narrowed to
// /v1's and to the member's role, and a code or refresh token used twice revokes its whole grant.
import OAuth2Server from "@node-oauth/oauth2-server";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { memberships, oauthCodes, oauthTokens } from "../../db/schema.js";
import {
  hashSecret,
  newPrefixedSecret,
  OAUTH_ACCESS_TOKEN_PREFIX,
  OAUTH_CODE_PREFIX,
  OAUTH_REFRESH_TOKEN_PREFIX,
  sameDigest,
} from "../../secrets/api-key-secrets.js";
import { newId } from "../../values/ids.js";
import { ALL_SCOPES } from "../accounts/principal.js";
import { scopesOf } from "../members/roles.js";
import { findOAuthApp, type OAuthAppRow } from "./apps.js";
import { pollDeviceCode } from "./device-codes.js";
import { DEVICE_CODE_GRANT, DeviceCodeGrantType, type DeviceCodeModel } from "./device-grant.js";

/** AUTHORIZATION_CODE_LIFETIME_SECONDS: a code is exchanged at once by a working client. */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;
/** ACCESS_TOKEN_LIFETIME_SECONDS: access tokens are short-lived; the refresh token gets the next one. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 600;
/**
 * MAX_ACCESS_TOKEN_LIFETIME_SECONDS: the longest BAHI_OAUTH_ACCESS_TOKEN_SECONDS may make them; a
 * leaked access token cannot be revoked by its app's member alone, so it must end soon.
 */
export const MAX_ACCESS_TOKEN_LIFETIME_SECONDS = 3_600;
/** REFRESH_TOKEN_LIFETIME_DAYS: a grant unused this long must be approved again. */
export const REFRESH_TOKEN_LIFETIME_DAYS = 30;

/** Who approved, for which account and mode; the grant the tokens belong to. */
export interface OAuthUser {
  readonly memberId: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly grantId: string;
}

const GRANTS = ["authorization_code", "refresh_token", DEVICE_CODE_GRANT];

function clientOf(app: OAuthAppRow): OAuth2Server.Client {
  return { id: app.id, grants: GRANTS, redirectUris: app.redirectUris };
}

/** Revokes every token of a grant: what a replayed code or refresh token calls for (RFC 9700 4.14). */
export async function revokeGrant(db: Database, grantId: string, now: Date): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.grantId, grantId), isNull(oauthTokens.revokedAt)));
}

/** Of the requested scopes, refuses any that /v1 does not have or the member's role does not allow. */
export async function grantableScopes(
  db: Database,
  user: Pick<OAuthUser, "memberId" | "accountId">,
  requested: readonly string[],
  knownScopes: ReadonlySet<string>,
): Promise<string[] | false> {
  if (requested.length === 0 || requested.some((scope) => !knownScopes.has(scope))) return false;
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.memberId, user.memberId), eq(memberships.accountId, user.accountId)));
  if (!membership) return false;
  const allowed = scopesOf(membership.role);
  if (!allowed.has(ALL_SCOPES) && requested.some((scope) => !allowed.has(scope))) return false;
  return [...requested];
}

/**
 * The model for the authorization endpoint (no client authentication there) or the token endpoint
 * (`authenticateClients`: a confidential app must send its secret; a public one has none).
 */
export function oauthModel(
  db: Database,
  knownScopes: ReadonlySet<string>,
  authenticateClients: boolean,
  revoked: () => void,
): OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel & DeviceCodeModel {
  const endGrant = async (grantId: string) => {
    await revokeGrant(db, grantId, new Date());
    revoked();
  };
  return {
    async getClient(clientId, clientSecret) {
      const app = await findOAuthApp(db, clientId);
      if (!app) return false;
      if (authenticateClients && app.confidential) {
        if (!clientSecret || !app.clientSecretHash) return false;
        if (!sameDigest(app.clientSecretHash, hashSecret(clientSecret))) return false;
      }
      return clientOf(app);
    },

    async generateAuthorizationCode() {
      return newPrefixedSecret(OAUTH_CODE_PREFIX).secret;
    },
    async generateAccessToken() {
      return newPrefixedSecret(OAUTH_ACCESS_TOKEN_PREFIX).secret;
    },
    async generateRefreshToken() {
      return newPrefixedSecret(OAUTH_REFRESH_TOKEN_PREFIX).secret;
    },

    async validateScope(user, _client, scope) {
      return grantableScopes(db, user as OAuthUser, scope ?? [], knownScopes);
    },

    async saveAuthorizationCode(code, client, user) {
      // OAuth 2.1: every client proves possession with PKCE, and only S256 is taken.
      if (!code.codeChallenge || code.codeChallengeMethod !== "S256") {
        throw new OAuth2Server.InvalidRequestError("Invalid request: `code_challenge` with S256 is required");
      }
      const owner = user as OAuthUser;
      await db.insert(oauthCodes).values({
        codeHash: hashSecret(code.authorizationCode),
        grantId: newId("oauthGrant"),
        appId: client.id,
        memberId: owner.memberId,
        accountId: owner.accountId,
        livemode: owner.livemode,
        scopes: code.scope ?? [],
        redirectUri: code.redirectUri,
        codeChallenge: code.codeChallenge,
        codeChallengeMethod: code.codeChallengeMethod,
        expiresAt: code.expiresAt,
      });
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode) {
      const [row] = await db
        .select()
        .from(oauthCodes)
        .where(eq(oauthCodes.codeHash, hashSecret(authorizationCode)));
      if (!row) return false;
      if (row.usedAt) {
        await endGrant(row.grantId);
        return false;
      }
      return {
        authorizationCode,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: row.scopes,
        codeChallenge: row.codeChallenge,
        codeChallengeMethod: row.codeChallengeMethod,
        client: { id: row.appId, grants: GRANTS },
        user: {
          memberId: row.memberId,
          accountId: row.accountId,
          livemode: row.livemode,
          grantId: row.grantId,
        } satisfies OAuthUser,
      };
    },

    async revokeAuthorizationCode(code) {
      // One winner when two requests race with the same code: the update is the check.
      const used = await db
        .update(oauthCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(oauthCodes.codeHash, hashSecret(code.authorizationCode)), isNull(oauthCodes.usedAt)))
        .returning({ grantId: oauthCodes.grantId });
      return used.length === 1;
    },

    async saveToken(token, client, user) {
      const owner = user as OAuthUser;
      const common = {
        grantId: owner.grantId,
        appId: client.id,
        memberId: owner.memberId,
        accountId: owner.accountId,
        livemode: owner.livemode,
        scopes: token.scope ?? [],
      };
      const rows: (typeof oauthTokens.$inferInsert)[] = [
        {
          ...common,
          id: newId("oauthToken"),
          kind: "access",
          tokenHash: hashSecret(token.accessToken),
          expiresAt: token.accessTokenExpiresAt ?? new Date(),
        },
      ];
      if (token.refreshToken) {
        rows.push({
          ...common,
          id: newId("oauthToken"),
          kind: "refresh",
          tokenHash: hashSecret(token.refreshToken),
          expiresAt: token.refreshTokenExpiresAt ?? new Date(),
        });
      }
      await db.insert(oauthTokens).values(rows);
      return { ...token, client, user };
    },

    async pollDeviceCode(clientId, deviceCode) {
      return pollDeviceCode(db, clientId, deviceCode, new Date());
    },
    revokeGrantOf: endGrant,

    async getAccessToken() {
      // /v1 reads access tokens itself (services/accounts/authenticate.ts).
      return false;
    },

    async getRefreshToken(refreshToken) {
      const [row] = await db
        .select()
        .from(oauthTokens)
        .where(and(eq(oauthTokens.tokenHash, hashSecret(refreshToken)), eq(oauthTokens.kind, "refresh")));
      if (!row) return false;
      if (row.revokedAt) {
        // Used before: whoever holds it, the grant can no longer be trusted.
        await endGrant(row.grantId);
        return false;
      }
      return {
        refreshToken,
        refreshTokenExpiresAt: row.expiresAt,
        scope: row.scopes,
        client: { id: row.appId, grants: GRANTS },
        user: {
          memberId: row.memberId,
          accountId: row.accountId,
          livemode: row.livemode,
          grantId: row.grantId,
        } satisfies OAuthUser,
      };
    },

    async revokeToken(token) {
      const now = new Date();
      const rotated = await db
        .update(oauthTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(oauthTokens.tokenHash, hashSecret(token.refreshToken)),
            eq(oauthTokens.kind, "refresh"),
            isNull(oauthTokens.revokedAt),
          ),
        )
        .returning({ grantId: oauthTokens.grantId });
      if (rotated.length === 1) return true;
      // Another request rotated it first: a replay, answered as one.
      await endGrant((token.user as OAuthUser).grantId);
      return false;
    },
  };
}

/**
 * The library's server for one endpoint; PKCE plain is off (its default), rotation always on.
 * `revoked` is called when a replay revoked a grant (to clear /v1's key cache).
 */
export function oauthServer(
  db: Database,
  knownScopes: ReadonlySet<string>,
  authenticateClients: boolean,
  revoked: () => void,
  accessTokenLifetime = ACCESS_TOKEN_LIFETIME_SECONDS,
) {
  return new OAuth2Server({
    model: oauthModel(db, knownScopes, authenticateClients, revoked),
    authorizationCodeLifetime: AUTHORIZATION_CODE_LIFETIME_SECONDS,
    accessTokenLifetime,
    refreshTokenLifetime: REFRESH_TOKEN_LIFETIME_DAYS * 86_400,
    alwaysIssueNewRefreshToken: true,
    allowEmptyState: true,
    // Public apps have no secret; confidential ones are held to theirs in getClient.
    requireClientAuthentication: {
      authorization_code: false,
      refresh_token: false,
      [DEVICE_CODE_GRANT]: false,
    },
    extendedGrantTypes: { [DEVICE_CODE_GRANT]: DeviceCodeGrantType },
  });
}
