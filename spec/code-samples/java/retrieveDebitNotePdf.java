import dev.bahi.Bahi;
import dev.bahi.params.DebitNotePdfParams;
import java.nio.file.Files;
import java.nio.file.Path;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
DebitNotePdfParams params =
    DebitNotePdfParams.builder().copy(DebitNotePdfParams.Copy.ORIGINAL).build();
byte[] content = client.debitNotes().pdf("dbn_01jd5c7d8e9f0g1h2j3k4m5n6p", params);
Files.write(Path.of("debit_note.pdf"), content);
