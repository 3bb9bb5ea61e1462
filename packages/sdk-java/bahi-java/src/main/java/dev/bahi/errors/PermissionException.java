package dev.bahi.errors;

/** 403: the key lacks the scope the operation needs. */
public class PermissionException extends BahiException {
  private static final long serialVersionUID = 1L;

  /**
   * @param info what is known of the failure
   */
  public PermissionException(ErrorInfo info) {
    super(info, null);
  }
}
