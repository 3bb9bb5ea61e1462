import dev.bahi.Bahi;
import dev.bahi.models.Account;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
Account account = client.account().retrieve();
System.out.println(account.getId());
