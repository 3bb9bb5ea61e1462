import dev.bahi.Bahi;
import dev.bahi.models.CreditNote;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
CreditNote creditNote = client.creditNotes().retryEinvoice("crn_01jd5a3b4c5d6e7f8g9h0j1k2m");
System.out.println(creditNote.getId() + " " + creditNote.getNumber());
