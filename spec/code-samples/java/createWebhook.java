import dev.bahi.Bahi;
import dev.bahi.models.WebhookWithSecret;
import dev.bahi.params.WebhookCreateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
WebhookCreateParams params =
    WebhookCreateParams.builder()
        .url("https://erp.acme-traders.example.in/hooks/bahi")
        .addEvent("party.created")
        .addEvent("invoice.created")
        .addEvent("invoice.paid")
        .addEvent("payment.created")
        .description("ERP sync")
        .build();
WebhookWithSecret webhookWithSecret = client.webhooks().create(params);
System.out.println(webhookWithSecret.getId() + " " + webhookWithSecret.getStatus());
