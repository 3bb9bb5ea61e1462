import dev.bahi.Bahi;
import dev.bahi.models.ApiKeyWithSecret;
import dev.bahi.params.ApiKeyCreateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ApiKeyCreateParams params =
    ApiKeyCreateParams.builder()
        .name("Billing backend")
        .addScope("invoices:read")
        .addScope("invoices:write")
        .build();
ApiKeyWithSecret apiKeyWithSecret = client.apiKeys().create(params);
System.out.println(apiKeyWithSecret.getId() + " " + apiKeyWithSecret.getName());
