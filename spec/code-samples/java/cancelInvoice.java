import dev.bahi.Bahi;
import dev.bahi.models.Invoice;
import dev.bahi.params.InvoiceCancelParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
InvoiceCancelParams params =
    InvoiceCancelParams.builder().reason("2").remark("Wrong quantity entered").build();
Invoice invoice = client.invoices().cancel("inv_01jd4r5t6v7w8x9y0z1a2b3c4d", params);
System.out.println(invoice.getId() + " " + invoice.getNumber());
