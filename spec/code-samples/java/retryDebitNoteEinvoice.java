import dev.bahi.Bahi;
import dev.bahi.models.DebitNote;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
DebitNote debitNote = client.debitNotes().retryEinvoice("dbn_01jd5c7d8e9f0g1h2j3k4m5n6p");
System.out.println(debitNote.getId() + " " + debitNote.getNumber());
