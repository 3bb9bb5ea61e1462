import dev.bahi.Bahi;
import dev.bahi.models.Account;
import dev.bahi.models.Address;
import dev.bahi.params.AccountUpdateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
AccountUpdateParams params =
    AccountUpdateParams.builder()
        .tradeName("Acme")
        .address(
            Address.builder()
                .line1("14 Residency Road")
                .line2("Second floor")
                .city("Bengaluru")
                .stateCode("29")
                .pin("560025")
                .build())
        .build();
Account account = client.account().update(params);
System.out.println(account.getId());
