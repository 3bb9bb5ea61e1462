import dev.bahi.Bahi;
import dev.bahi.models.EInvoice;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
EInvoice eInvoice = client.creditNotes().retrieveEinvoice("crn_01jd5a3b4c5d6e7f8g9h0j1k2m");
System.out.println(eInvoice.toJson());
