import dev.bahi.Bahi;
import dev.bahi.models.CreditNote;
import dev.bahi.params.CreditNoteListParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
CreditNoteListParams params =
    CreditNoteListParams.builder().invoiceId("inv_01jd4r5t6v7w8x9y0z1a2b3c4d").build();
for (CreditNote creditNote : client.creditNotes().list(params)) {
  System.out.println(creditNote.getId() + " " + creditNote.getNumber());
}
