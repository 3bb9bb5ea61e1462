import dev.bahi.Bahi;
import dev.bahi.models.EInvoiceProvider;
import dev.bahi.models.EInvoiceSettings;
import dev.bahi.params.EInvoiceSettingsUpdateParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
EInvoiceSettingsUpdateParams params =
    EInvoiceSettingsUpdateParams.builder()
        .provider(EInvoiceProvider.NIC)
        .baseUrl("https://einv-apisandbox.nic.in")
        .clientId("AAACR5055K1Z9BAHI")
        .clientSecret("sandbox-client-secret")
        .userName("API_ACME")
        .password("sandbox-password")
        .publicKey(
            "-----BEGIN PUBLIC KEY-----\n"
                + "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\u2026\n"
                + "-----END PUBLIC KEY-----\n")
        .build();
EInvoiceSettings eInvoiceSettings = client.account().updateEinvoiceSettings(params);
System.out.println(eInvoiceSettings.getLivemode() + " " + eInvoiceSettings.getProvider());
