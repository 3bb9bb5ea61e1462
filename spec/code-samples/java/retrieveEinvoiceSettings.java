import dev.bahi.Bahi;
import dev.bahi.models.EInvoiceSettings;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
EInvoiceSettings eInvoiceSettings = client.account().retrieveEinvoiceSettings();
System.out.println(eInvoiceSettings.getLivemode() + " " + eInvoiceSettings.getProvider());
