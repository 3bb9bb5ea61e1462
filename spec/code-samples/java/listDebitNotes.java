import dev.bahi.Bahi;
import dev.bahi.models.DebitNote;
import dev.bahi.params.DebitNoteListParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
DebitNoteListParams params =
    DebitNoteListParams.builder().invoiceId("inv_01jd4r5t6v7w8x9y0z1a2b3c4d").build();
for (DebitNote debitNote : client.debitNotes().list(params)) {
  System.out.println(debitNote.getId() + " " + debitNote.getNumber());
}
