import dev.bahi.Bahi;
import dev.bahi.models.Webhook;
import dev.bahi.params.WebhookUpdateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
WebhookUpdateParams params = WebhookUpdateParams.builder().enabled(false).build();
Webhook webhook = client.webhooks().update("whk_01jd4z8x6v4t2s0r8q6p4n2m0k", params);
System.out.println(webhook.getId() + " " + webhook.getStatus());
