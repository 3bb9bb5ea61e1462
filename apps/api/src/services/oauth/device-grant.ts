// The token endpoint's device grant (RFC 8628 3.4), plugged into @node-oauth/oauth2-server through its
// extension point: the library still authenticates the client, checks the grant is the client's, and
// writes the token response; this class answers a poll and issues the tokens of an approved code.
import OAuth2Server from "@node-oauth/oauth2-server";
import type { DevicePoll } from "./device-codes.js";

export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

/** What the grant needs of the model beside the library's: one poll of a device code. */
export interface DeviceCodeModel {
  pollDeviceCode(clientId: string, deviceCode: string): Promise<DevicePoll>;
  /** A device code polled again after its tokens were issued: its grant is revoked, as a code's is. */
  revokeGrantOf(grantId: string): Promise<void>;
}

/** RFC 8628 3.5's errors, answered with 400 as RFC 6749 5.2's are. */
const pollError = (name: string, message: string) =>
  new OAuth2Server.OAuthError(message, { code: 400, name });

export class DeviceCodeGrantType extends OAuth2Server.AbstractGrantType {
  async handle(request: OAuth2Server.Request, client: OAuth2Server.Client) {
    const deviceCode = request.body.device_code;
    if (typeof deviceCode !== "string" || deviceCode === "") {
      throw new OAuth2Server.InvalidRequestError("Missing parameter: `device_code`");
    }
    const model = (this as unknown as { model: OAuth2Server.RefreshTokenModel & DeviceCodeModel }).model;
    const poll = await model.pollDeviceCode(client.id, deviceCode);
    switch (poll.state) {
      case "unknown":
        throw new OAuth2Server.InvalidGrantError("Invalid grant: device code is invalid");
      case "used":
        await model.revokeGrantOf(poll.grantId);
        throw new OAuth2Server.InvalidGrantError("Invalid grant: device code was used before");
      case "expired":
        throw pollError("expired_token", "The device code has expired: start again.");
      case "denied":
        throw pollError("access_denied", "The member denied the request.");
      case "pending":
        throw pollError("authorization_pending", "The member has not answered yet.");
      case "slow_down":
        throw pollError("slow_down", "Polled too soon: wait 5 seconds more between polls.");
    }
    // The role may have changed since the approval: the scopes are checked again, as a refresh does.
    const scope = await this.validateScope(poll.user, client, poll.scopes);
    if (!scope) throw new OAuth2Server.InvalidScopeError("Invalid scope: Requested scope is invalid");
    const token: OAuth2Server.Token = {
      accessToken: await this.generateAccessToken(client, poll.user, scope),
      accessTokenExpiresAt: this.getAccessTokenExpiresAt(),
      refreshToken: await this.generateRefreshToken(client, poll.user, scope),
      refreshTokenExpiresAt: this.getRefreshTokenExpiresAt(),
      scope,
      client,
      user: poll.user,
    };
    return model.saveToken(token, client, poll.user);
  }
}
