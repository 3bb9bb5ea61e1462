import dev.bahi.Bahi;
import dev.bahi.models.Party;
import dev.bahi.params.PartyUpdateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
PartyUpdateParams params = PartyUpdateParams.builder().phone("+91 22 2387 5678").build();
Party party = client.parties().update("pty_01jd4n0q8r7s6t5v4w3x2y1z0a", params);
System.out.println(party.getId() + " " + party.getName());
