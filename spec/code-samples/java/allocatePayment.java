import dev.bahi.Bahi;
import dev.bahi.models.Payment;
import dev.bahi.params.PaymentAllocateParams;
import dev.bahi.params.PaymentAllocationCreateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
PaymentAllocateParams params =
    PaymentAllocateParams.builder()
        .addAllocation(
            PaymentAllocationCreateParams.builder()
                .invoiceId("inv_01jd5c2e3f4g5h6j7k8m9n0p1q")
                .amount(134)
                .build())
        .build();
Payment payment = client.payments().allocate("pay_01jd59x8w7v6t5s4r3q2p1n0m9", params);
System.out.println(payment.getId());
