import dev.bahi.Bahi;
import dev.bahi.models.Address;
import dev.bahi.models.Party;
import dev.bahi.models.PartyType;
import dev.bahi.params.PartyCreateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
PartyCreateParams params =
    PartyCreateParams.builder()
        .type(PartyType.CUSTOMER)
        .name("Sharma Electronics")
        .gstin("27AAPFU0939F1ZV")
        .email("accounts@sharma-electronics.example.in")
        .phone("+91 22 2387 1234")
        .address(
            Address.builder()
                .line1("Shop 14, Lamington Road")
                .line2("Grant Road East")
                .city("Mumbai")
                .stateCode("27")
                .pin("400007")
                .build())
        .build();
Party party = client.parties().create(params);
System.out.println(party.getId() + " " + party.getName());
