package dev.bahi.errors;

import dev.bahi.models.FieldError;
import dev.bahi.models.Problem;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** What the client knows about a failed call; every {@link BahiException} reads from one. */
public final class ErrorInfo {
  final Integer status;
  final String code;
  final String title;
  final String detail;
  final String requestId;
  final Problem problem;
  final String idempotencyKey;
  final Map<String, List<String>> headers;
  final Duration retryAfter;

  private ErrorInfo(Builder builder) {
    this.status = builder.status;
    this.code = builder.code;
    this.title = builder.title;
    this.detail = builder.detail;
    this.requestId = builder.requestId;
    this.problem = builder.problem;
    this.idempotencyKey = builder.idempotencyKey;
    this.headers = builder.headers == null ? Collections.emptyMap() : builder.headers;
    this.retryAfter = builder.retryAfter;
  }

  /**
   * @return an empty builder
   */
  public static Builder builder() {
    return new Builder();
  }

  List<FieldError> errors() {
    List<FieldError> errors = problem == null ? null : problem.getErrors();
    return errors == null ? Collections.emptyList() : errors;
  }

  String message() {
    StringBuilder where = new StringBuilder();
    for (Object part : new Object[] {status, code, requestId}) {
      if (part == null) continue;
      if (where.length() > 0) where.append(' ');
      where.append(part);
    }
    return (detail != null ? detail : title) + " (" + where + ")";
  }

  /** Builds an {@link ErrorInfo}; the client does, from the answer or the failure. */
  public static final class Builder {
    private Integer status;
    private String code;
    private String title;
    private String detail;
    private String requestId;
    private Problem problem;
    private String idempotencyKey;
    private Map<String, List<String>> headers;
    private Duration retryAfter;

    private Builder() {}

    /**
     * @param status the HTTP status, or null when no answer arrived
     * @return this builder
     */
    public Builder status(Integer status) {
      this.status = status;
      return this;
    }

    /**
     * @param code the problem's machine code
     * @return this builder
     */
    public Builder code(String code) {
      this.code = code;
      return this;
    }

    /**
     * @param title the kind of problem, for people
     * @return this builder
     */
    public Builder title(String title) {
      this.title = title;
      return this;
    }

    /**
     * @param detail what went wrong with this request, for people
     * @return this builder
     */
    public Builder detail(String detail) {
      this.detail = detail;
      return this;
    }

    /**
     * @param requestId the request's id
     * @return this builder
     */
    public Builder requestId(String requestId) {
      this.requestId = requestId;
      return this;
    }

    /**
     * @param problem the problem+json body
     * @return this builder
     */
    public Builder problem(Problem problem) {
      this.problem = problem;
      return this;
    }

    /**
     * @param idempotencyKey the key the POST was sent with
     * @return this builder
     */
    public Builder idempotencyKey(String idempotencyKey) {
      this.idempotencyKey = idempotencyKey;
      return this;
    }

    /**
     * @param headers the answer's headers, unmodifiable, keys in lower case
     * @return this builder
     */
    public Builder headers(Map<String, List<String>> headers) {
      this.headers = headers;
      return this;
    }

    /**
     * @param retryAfter the answer's {@code Retry-After}
     * @return this builder
     */
    public Builder retryAfter(Duration retryAfter) {
      this.retryAfter = retryAfter;
      return this;
    }

    /**
     * @return the information
     */
    public ErrorInfo build() {
      return new ErrorInfo(this);
    }
  }
}
