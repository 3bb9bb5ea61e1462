import dev.bahi.Bahi;
import dev.bahi.models.Payment;
import dev.bahi.params.PaymentListParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
PaymentListParams params =
    PaymentListParams.builder().partyId("pty_01jd4n0q8r7s6t5v4w3x2y1z0a").build();
for (Payment payment : client.payments().list(params)) {
  System.out.println(payment.getId());
}
