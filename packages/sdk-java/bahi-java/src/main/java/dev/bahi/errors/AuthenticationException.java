package dev.bahi.errors;

/** 401: the API key is missing, malformed, unknown, revoked or expired. */
public class AuthenticationException extends BahiException {
  private static final long serialVersionUID = 1L;

  /**
   * @param info what is known of the failure
   */
  public AuthenticationException(ErrorInfo info) {
    super(info, null);
  }
}
