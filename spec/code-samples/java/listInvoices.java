import dev.bahi.Bahi;
import dev.bahi.models.Invoice;
import dev.bahi.models.InvoiceStatus;
import dev.bahi.params.InvoiceListParams;
import java.time.LocalDate;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
InvoiceListParams params =
    InvoiceListParams.builder()
        .status(InvoiceStatus.ISSUED)
        .dateFrom(LocalDate.parse("2026-11-01"))
        .dateTo(LocalDate.parse("2026-11-30"))
        .build();
for (Invoice invoice : client.invoices().list(params)) {
  System.out.println(invoice.getId() + " " + invoice.getNumber());
}
