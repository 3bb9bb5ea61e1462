package dev.bahi.errors;

/**
 * 400 (the request does not match the contract) or 422 (a business rule says no); {@link
 * #getErrors()} names the bad fields.
 */
public class ValidationException extends BahiException {
  private static final long serialVersionUID = 1L;

  /**
   * @param info what is known of the failure
   */
  public ValidationException(ErrorInfo info) {
    super(info, null);
  }
}
