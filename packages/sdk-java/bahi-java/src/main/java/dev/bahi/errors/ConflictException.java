package dev.bahi.errors;

/** 409: a conflict with the current state, e.g. paying a cancelled invoice. */
public class ConflictException extends BahiException {
  private static final long serialVersionUID = 1L;

  /**
   * @param info what is known of the failure
   */
  public ConflictException(ErrorInfo info) {
    super(info, null);
  }
}
