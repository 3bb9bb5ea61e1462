package dev.bahi.errors;

import dev.bahi.models.FieldError;
import dev.bahi.models.Problem;
import java.util.List;
import java.util.Map;

/**
 * Every error of a call to the API. An error answer ({@code application/problem+json}) becomes the
 * subclass of its status; {@link ConnectionException} and {@link RequestTimeoutException}, which
 * got no answer, have no status. Catch a subclass, or branch on {@link #getCode()}, which is
 * stable.
 */
public class BahiException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient ErrorInfo info;

  /**
   * @param info what is known of the failure
   * @param cause the underlying failure, or null
   */
  public BahiException(ErrorInfo info, Throwable cause) {
    super(info.message(), cause);
    this.info = info;
  }

  /**
   * @return the HTTP status, or null when no answer arrived
   */
  public Integer getStatus() {
    return info.status;
  }

  /**
   * @return the stable machine code, e.g. {@code validation_failed}, {@code unknown_sku}
   */
  public String getCode() {
    return info.code;
  }

  /**
   * @return a short summary of the kind of problem, for people
   */
  public String getTitle() {
    return info.title;
  }

  /**
   * @return what went wrong with this request, for people, or null
   */
  public String getDetail() {
    return info.detail;
  }

  /**
   * @return the request's id ({@code X-Request-Id}): quote it to support
   */
  public String getRequestId() {
    return info.requestId;
  }

  /**
   * @return the bad fields of a validation problem, each named by a JSON Pointer ({@code
   *     /items/0/qty}); empty when none
   */
  public List<FieldError> getErrors() {
    return info.errors();
  }

  /**
   * @return the problem type URI, or null
   */
  public String getType() {
    return info.problem == null ? null : info.problem.getType();
  }

  /**
   * @return for a conflict with an existing object (a duplicate GSTIN or SKU), that object's id
   */
  public String getExistingId() {
    return info.problem == null ? null : info.problem.getExistingId();
  }

  /**
   * @return the whole problem+json body, with every field the contract defines (a 402's {@code
   *     quota}, {@code limit} and {@code resets_at} among them), or null when the answer was not
   *     one
   */
  public Problem getProblem() {
    return info.problem;
  }

  /**
   * The {@code Idempotency-Key} a POST was sent with (yours, or the one the SDK made): send the
   * same request again with it (after a 409 {@code idempotency_request_in_progress} or a lost
   * answer) and the server replays the first outcome instead of acting twice.
   *
   * @return the key, or null for a call that is not a POST
   */
  public String getIdempotencyKey() {
    return info.idempotencyKey;
  }

  /**
   * @return the answer's headers (rate-limit state among them), names in lower case; empty when no
   *     answer arrived
   */
  public Map<String, List<String>> getHeaders() {
    return info.headers;
  }

  ErrorInfo info() {
    return info;
  }
}
