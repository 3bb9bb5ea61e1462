import dev.bahi.Bahi;
import dev.bahi.models.Webhook;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
for (Webhook webhook : client.webhooks().list()) {
  System.out.println(webhook.getId() + " " + webhook.getStatus());
}
