import dev.bahi.Bahi;
import dev.bahi.models.Invoice;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
Invoice invoice = client.invoices().retryEinvoice("inv_01jd4r5t6v7w8x9y0z1a2b3c4d");
System.out.println(invoice.getId() + " " + invoice.getNumber());
