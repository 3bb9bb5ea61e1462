import dev.bahi.Bahi;
import dev.bahi.models.AuditAction;
import dev.bahi.models.AuditEntry;
import dev.bahi.params.AuditEntryListParams;

Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
AuditEntryListParams params =
    AuditEntryListParams.builder().action(AuditAction.API_KEY_CREATED).build();
for (AuditEntry auditEntry : client.auditEntries().list(params)) {
  System.out.println(auditEntry.getId());
}
