import dev.bahi.Bahi;
import dev.bahi.models.DebitNote;
import dev.bahi.models.DebitNoteReason;
import dev.bahi.params.DebitNoteCreateParams;
import dev.bahi.params.DebitNoteItemCreateParams;
import java.time.LocalDate;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
DebitNoteCreateParams params =
    DebitNoteCreateParams.builder()
        .invoiceId("inv_01jd4r5t6v7w8x9y0z1a2b3c4d")
        .reason(DebitNoteReason.PRICE_REVISION)
        .date(LocalDate.parse("2026-11-26"))
        .addItem(DebitNoteItemCreateParams.builder().sku("PEN-01").taxableValue(50).build())
        .build();
DebitNote debitNote = client.debitNotes().create(params);
System.out.println(debitNote.getId() + " " + debitNote.getNumber());
