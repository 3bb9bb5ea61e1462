import dev.bahi.Bahi;
import dev.bahi.models.Event;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
Event event = client.events().retrieve("evt_01jd5a0k3m7q2r8s4t6v9w1x3z");
System.out.println(event.getId());
