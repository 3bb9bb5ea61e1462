import dev.bahi.Bahi;
import dev.bahi.models.WebhookWithSecret;
import dev.bahi.params.WebhookRotateSecretParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
WebhookRotateSecretParams params =
    WebhookRotateSecretParams.builder().overlapSeconds(86400).build();
WebhookWithSecret webhookWithSecret =
    client.webhooks().rotateSecret("whk_01jd4z8x6v4t2s0r8q6p4n2m0k", params);
System.out.println(webhookWithSecret.getId() + " " + webhookWithSecret.getStatus());
