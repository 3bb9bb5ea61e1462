package dev.bahi;

/**
 * A webhook delivery that is not provably from Bahi, or not recent: answer it 400, act on nothing.
 */
public class WebhookVerificationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  WebhookVerificationException(String message) {
    super(message);
  }

  WebhookVerificationException(String message, Throwable cause) {
    super(message, cause);
  }
}
