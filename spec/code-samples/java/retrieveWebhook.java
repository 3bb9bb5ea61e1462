import dev.bahi.Bahi;
import dev.bahi.models.Webhook;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
Webhook webhook = client.webhooks().retrieve("whk_01jd4z8x6v4t2s0r8q6p4n2m0k");
System.out.println(webhook.getId() + " " + webhook.getStatus());
