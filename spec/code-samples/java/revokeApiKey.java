import dev.bahi.Bahi;
import dev.bahi.models.ApiKey;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ApiKey apiKey = client.apiKeys().revoke("key_01jd4m3a9b8c7d6e5f4g3h2j1k");
System.out.println(apiKey.getId() + " " + apiKey.getName());
