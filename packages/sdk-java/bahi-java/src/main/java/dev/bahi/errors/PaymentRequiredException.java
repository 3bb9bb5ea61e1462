package dev.bahi.errors;

/** 402: the subscription is paused or a plan quota is spent (live mode only). */
public class PaymentRequiredException extends BahiException {
  private static final long serialVersionUID = 1L;

  /**
   * @param info what is known of the failure
   */
  public PaymentRequiredException(ErrorInfo info) {
    super(info, null);
  }
}
