import dev.bahi.Bahi;
import dev.bahi.models.Party;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
Party party = client.parties().retrieve("pty_01jd4n0q8r7s6t5v4w3x2y1z0a");
System.out.println(party.getId() + " " + party.getName());
