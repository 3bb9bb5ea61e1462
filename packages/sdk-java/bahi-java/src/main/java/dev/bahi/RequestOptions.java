package dev.bahi;

import java.time.Duration;

/** Options of one call, overriding the client's: {@code RequestOptions.builder()…build()}. */
public final class RequestOptions {
  private final String idempotencyKey;
  private final Duration timeout;
  private final Integer maxRetries;

  private RequestOptions(Builder builder) {
    this.idempotencyKey = builder.idempotencyKey;
    this.timeout = builder.timeout;
    this.maxRetries = builder.maxRetries;
  }

  /**
   * @return a builder with nothing overridden
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * @return the {@code Idempotency-Key} of a POST, or null for one made by the SDK
   */
  public String getIdempotencyKey() {
    return idempotencyKey;
  }

  /**
   * @return how long each attempt may take, or null for the client's
   */
  public Duration getTimeout() {
    return timeout;
  }

  /**
   * @return how many times a failed attempt is retried, or null for the client's
   */
  public Integer getMaxRetries() {
    return maxRetries;
  }

  /** Builds {@link RequestOptions}. */
  public static final class Builder {
    private String idempotencyKey;
    private Duration timeout;
    private Integer maxRetries;

    private Builder() {}

    /**
     * The {@code Idempotency-Key} of a POST. Left out, the SDK makes one per call and keeps it
     * across that call's retries; pass your own (an order id, say) to make a retry of your own,
     * after a crash, safe as well. Never sent on other methods.
     *
     * @param idempotencyKey at most 255 characters
     * @return this builder
     */
    public Builder idempotencyKey(String idempotencyKey) {
      this.idempotencyKey = idempotencyKey;
      return this;
    }

    /**
     * How long each attempt may take, the answer's body included.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public Builder timeout(Duration timeout) {
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("timeout must be positive");
      }
      this.timeout = timeout;
      return this;
    }

    /**
     * How many times a failed attempt is retried; 0 turns retries off.
     *
     * @param maxRetries 0 or more
     * @return this builder
     */
    public Builder maxRetries(int maxRetries) {
      if (maxRetries < 0) throw new IllegalArgumentException("maxRetries must be 0 or more");
      this.maxRetries = maxRetries;
      return this;
    }

    /**
     * @return the options
     */
    public RequestOptions build() {
      return new RequestOptions(this);
    }
  }
}
