package dev.bahi;

/**
 * Gets a new OAuth access token when Bahi refuses the client's current one as expired or revoked
 * (401 with {@code WWW-Authenticate: Bearer error="invalid_token"}): typically a {@code
 * refresh_token} grant at {@code POST /oauth/token}, keeping the rotated refresh token it answers
 * for the next time.
 *
 * <pre>{@code
 * Bahi client = Bahi.builder()
 *     .accessToken(tokens.access())
 *     .refreshAccessToken(() -> tokens.refresh(httpClient))
 *     .build();
 * }</pre>
 *
 * <p>Requests refused together (from several threads) wait for one call; the refused request is
 * then sent once more with the new token, a POST under the same {@code Idempotency-Key}.
 */
@FunctionalInterface
public interface AccessTokenRefresher {
  /**
   * @return a new access token
   * @throws Exception when no new token can be had (the member revoked the app, the refresh token
   *     expired): an unchecked exception is the call's; a checked one is wrapped in a {@link
   *     dev.bahi.errors.BahiException} with the code {@code token_refresh_failed}
   */
  String refresh() throws Exception;
}
