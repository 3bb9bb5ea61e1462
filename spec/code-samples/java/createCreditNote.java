import dev.bahi.Bahi;
import dev.bahi.models.CreditNote;
import dev.bahi.models.CreditNoteReason;
import dev.bahi.params.CreditNoteCreateParams;
import dev.bahi.params.CreditNoteItemCreateParams;
import java.time.LocalDate;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
CreditNoteCreateParams params =
    CreditNoteCreateParams.builder()
        .invoiceId("inv_01jd4r5t6v7w8x9y0z1a2b3c4d")
        .reason(CreditNoteReason.SALES_RETURN)
        .date(LocalDate.parse("2026-11-26"))
        .addItem(CreditNoteItemCreateParams.builder().sku("PEN-01").qty(2).build())
        .build();
CreditNote creditNote = client.creditNotes().create(params);
System.out.println(creditNote.getId() + " " + creditNote.getNumber());
