import dev.bahi.Bahi;
import dev.bahi.params.CreditNotePdfParams;
import java.nio.file.Files;
import java.nio.file.Path;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
CreditNotePdfParams params =
    CreditNotePdfParams.builder().copy(CreditNotePdfParams.Copy.ORIGINAL).build();
byte[] content = client.creditNotes().pdf("crn_01jd5a3b4c5d6e7f8g9h0j1k2m", params);
Files.write(Path.of("credit_note.pdf"), content);
