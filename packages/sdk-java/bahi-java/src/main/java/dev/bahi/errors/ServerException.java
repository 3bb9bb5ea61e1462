package dev.bahi.errors;

/** 5xx: Bahi failed; the SDK has already retried as often as it was allowed to. */
public class ServerException extends BahiException {
  private static final long serialVersionUID = 1L;

  /**
   * @param info what is known of the failure
   */
  public ServerException(ErrorInfo info) {
    super(info, null);
  }
}
