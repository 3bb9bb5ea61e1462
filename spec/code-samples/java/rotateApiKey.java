import dev.bahi.Bahi;
import dev.bahi.models.ApiKeyWithSecret;
import dev.bahi.params.ApiKeyRotateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ApiKeyRotateParams params = ApiKeyRotateParams.builder().oldKeyExpiresIn(86400).build();
ApiKeyWithSecret apiKeyWithSecret =
    client.apiKeys().rotate("key_01jd4m3a9b8c7d6e5f4g3h2j1k", params);
System.out.println(apiKeyWithSecret.getId() + " " + apiKeyWithSecret.getName());
