import dev.bahi.Bahi;
import dev.bahi.models.Party;
import dev.bahi.models.PartyType;
import dev.bahi.params.PartyListParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
PartyListParams params = PartyListParams.builder().type(PartyType.CUSTOMER).q("sharma").build();
for (Party party : client.parties().list(params)) {
  System.out.println(party.getId() + " " + party.getName());
}
