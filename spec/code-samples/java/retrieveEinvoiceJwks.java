import dev.bahi.Bahi;
import dev.bahi.models.EInvoiceJwks;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
EInvoiceJwks eInvoiceJwks = client.einvoice().retrieveJwks();
System.out.println(eInvoiceJwks.toJson());
