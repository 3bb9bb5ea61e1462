package dev.bahi.errors;

import java.time.Duration;

/** 429: too many requests; the SDK has already retried as often as it was allowed to. */
public class RateLimitException extends BahiException {
  private static final long serialVersionUID = 1L;

  /**
   * @param info what is known of the failure
   */
  public RateLimitException(ErrorInfo info) {
    super(info, null);
  }

  /**
   * @return how long the server asked to wait ({@code Retry-After}), or null when it did not say
   */
  public Duration getRetryAfter() {
    return info().retryAfter;
  }
}
