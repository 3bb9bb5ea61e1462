import dev.bahi.Bahi;
import dev.bahi.models.Event;
import dev.bahi.models.EventType;
import dev.bahi.params.EventListParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
EventListParams params = EventListParams.builder().type(EventType.INVOICE_CREATED).build();
for (Event event : client.events().list(params)) {
  System.out.println(event.getId());
}
