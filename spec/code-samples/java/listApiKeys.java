import dev.bahi.Bahi;
import dev.bahi.models.ApiKey;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
for (ApiKey apiKey : client.apiKeys().list()) {
  System.out.println(apiKey.getId() + " " + apiKey.getName());
}
