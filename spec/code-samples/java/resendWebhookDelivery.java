import dev.bahi.Bahi;
import dev.bahi.models.WebhookDelivery;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
WebhookDelivery webhookDelivery =
    client
        .webhooks()
        .resendDelivery("whk_01jd4z8x6v4t2s0r8q6p4n2m0k", "dlv_01jd5a0m2n4p6q8r0s2t4v6w8x");
System.out.println(webhookDelivery.getId() + " " + webhookDelivery.getStatus());
