import dev.bahi.Bahi;
import dev.bahi.models.Gstr1RetrieveResponse;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
Gstr1RetrieveResponse gstr1RetrieveResponse = client.gstr1().retrieve("112026");
System.out.println(gstr1RetrieveResponse.toJson());
