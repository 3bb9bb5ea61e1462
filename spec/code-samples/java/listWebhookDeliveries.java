import dev.bahi.Bahi;
import dev.bahi.models.WebhookDelivery;
import dev.bahi.params.WebhookListDeliveriesParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
WebhookListDeliveriesParams params =
    WebhookListDeliveriesParams.builder()
        .status(WebhookListDeliveriesParams.Status.FAILED)
        .build();
for (WebhookDelivery webhookDelivery :
    client.webhooks().listDeliveries("whk_01jd4z8x6v4t2s0r8q6p4n2m0k", params)) {
  System.out.println(webhookDelivery.getId() + " " + webhookDelivery.getStatus());
}
