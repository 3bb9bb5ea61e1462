import dev.bahi.Bahi;
import dev.bahi.models.Invoice;
import dev.bahi.params.InvoiceCreateParams;
import dev.bahi.params.InvoiceItemCreateParams;
import java.math.BigDecimal;
import java.time.LocalDate;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
InvoiceCreateParams params =
    InvoiceCreateParams.builder()
        .partyId("pty_01jd4n0q8r7s6t5v4w3x2y1z0a")
        .date(LocalDate.parse("2026-11-23"))
        .dueDate(LocalDate.parse("2026-12-23"))
        .addItem(
            InvoiceItemCreateParams.builder()
                .sku("PEN-01")
                .qty(23)
                .rate(new BigDecimal("99.99"))
                .build())
        .addItem(
            InvoiceItemCreateParams.builder()
                .sku("SVC-INSTALL")
                .qty(1)
                .rate(1500)
                .discount(100)
                .build())
        .notes("Thank you for your business.")
        .build();
Invoice invoice = client.invoices().create(params);
System.out.println(invoice.getId() + " " + invoice.getNumber());
