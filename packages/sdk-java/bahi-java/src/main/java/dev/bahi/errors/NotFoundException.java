package dev.bahi.errors;

/** 404: no such object in this account and mode, or no such path. */
public class NotFoundException extends BahiException {
  private static final long serialVersionUID = 1L;

  /**
   * @param info what is known of the failure
   */
  public NotFoundException(ErrorInfo info) {
    super(info, null);
  }
}
