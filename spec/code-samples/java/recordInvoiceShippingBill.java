import dev.bahi.Bahi;
import dev.bahi.models.Invoice;
import dev.bahi.models.ShippingBill;
import java.time.LocalDate;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
ShippingBill params =
    ShippingBill.builder()
        .portCode("INNSA1")
        .number("4512863")
        .date(LocalDate.parse("2026-11-24"))
        .build();
Invoice invoice =
    client.invoices().recordShippingBill("inv_01jd4r5t6v7w8x9y0z1a2b3c4d", params);
System.out.println(invoice.getId() + " " + invoice.getNumber());
