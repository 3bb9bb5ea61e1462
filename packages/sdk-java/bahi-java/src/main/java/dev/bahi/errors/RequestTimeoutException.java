package dev.bahi.errors;

/** No answer within the timeout of each attempt, after the SDK's retries. */
public class RequestTimeoutException extends ConnectionException {
  private static final long serialVersionUID = 1L;

  /**
   * @param info what is known of the failure
   * @param cause the timeout, or null
   * @param sent whether the request may have reached the server
   */
  public RequestTimeoutException(ErrorInfo info, Throwable cause, boolean sent) {
    super(info, cause, sent);
  }
}
