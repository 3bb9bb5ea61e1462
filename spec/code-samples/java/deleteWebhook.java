import dev.bahi.Bahi;
import dev.bahi.models.WebhookDeleted;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
WebhookDeleted webhookDeleted = client.webhooks().del("whk_01jd4z8x6v4t2s0r8q6p4n2m0k");
System.out.println(webhookDeleted.getId());
