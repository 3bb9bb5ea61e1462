import dev.bahi.Bahi;
import dev.bahi.models.Payment;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
Payment payment = client.payments().retrieve("pay_01jd59x8w7v6t5s4r3q2p1n0m9");
System.out.println(payment.getId());
