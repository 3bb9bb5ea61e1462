import dev.bahi.Bahi;
import dev.bahi.models.Payment;
import dev.bahi.models.PaymentMode;
import dev.bahi.params.PaymentAllocationCreateParams;
import dev.bahi.params.PaymentCreateParams;
import java.time.LocalDate;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
PaymentCreateParams params =
    PaymentCreateParams.builder()
        .partyId("pty_01jd4n0q8r7s6t5v4w3x2y1z0a")
        .amount(4500)
        .date(LocalDate.parse("2026-11-25"))
        .mode(PaymentMode.BANK_TRANSFER)
        .reference("HDFCN52026112512345")
        .addAllocation(
            PaymentAllocationCreateParams.builder()
                .invoiceId("inv_01jd4r5t6v7w8x9y0z1a2b3c4d")
                .amount(4366)
                .build())
        .build();
Payment payment = client.payments().create(params);
System.out.println(payment.getId());
