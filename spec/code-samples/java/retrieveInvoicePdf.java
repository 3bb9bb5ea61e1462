import dev.bahi.Bahi;
import dev.bahi.params.InvoicePdfParams;
import java.nio.file.Files;
import java.nio.file.Path;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
InvoicePdfParams params =
    InvoicePdfParams.builder().copy(InvoicePdfParams.Copy.ORIGINAL).build();
byte[] content = client.invoices().pdf("inv_01jd4r5t6v7w8x9y0z1a2b3c4d", params);
Files.write(Path.of("invoice.pdf"), content);
