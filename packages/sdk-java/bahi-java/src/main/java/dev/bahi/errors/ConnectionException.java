package dev.bahi.errors;

/** No answer: the network failed, after the SDK's retries. */
public class ConnectionException extends BahiException {
  private static final long serialVersionUID = 1L;

  private final boolean sent;

  /**
   * @param info what is known of the failure
   * @param cause the network's failure
   * @param sent whether the request may have reached the server (false when the connection was
   *     never made, so the server cannot have acted on it)
   */
  public ConnectionException(ErrorInfo info, Throwable cause, boolean sent) {
    super(info, cause);
    this.sent = sent;
  }

  /**
   * @return whether the request may have reached the server; false when it certainly did not
   */
  public boolean mayHaveBeenSent() {
    return sent;
  }
}
