package dev.bahi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bahi.models.Event;
import dev.bahi.models.EventType;
import dev.bahi.models.Invoice;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {
  private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
  private static final String EVENT =
      "{\"id\":\"evt_1\",\"object\":\"event\",\"livemode\":false,\"type\":\"invoice.created\","
          + "\"created_at\":\"2026-11-23T10:00:00Z\",\"data\":{\"object\":"
          + "{\"id\":\"inv_1\",\"object\":\"invoice\",\"total\":354.00}}}";

  private static WebhookSignature.Verifier at(Instant now) {
    return WebhookSignature.verifier(SECRET).clock(Clock.fixed(now, ZoneOffset.UTC));
  }

  @Test
  void theStandardWebhooksVectorsVerifyExactlyWhenValid() throws IOException {
    JsonNode vectors =
        Bahi.jsonMapper()
            .readTree(Path.of("../../conformance/standard-webhooks-vectors.json").toFile());
    List<String> wrong = new ArrayList<>();
    int count = 0;
    for (JsonNode vector : vectors.path("vectors")) {
      count++;
      Map<String, String> headers = new LinkedHashMap<>();
      vector
          .path("headers")
          .fields()
          .forEachRemaining(h -> headers.put(h.getKey(), h.getValue().asText()));
      boolean valid;
      try {
        WebhookSignature.verifier(vector.path("secret").asText())
            .clock(Clock.fixed(Instant.ofEpochSecond(vector.path("now").asLong()), ZoneOffset.UTC))
            .verify(vector.path("body").asText(), headers);
        valid = true;
      } catch (WebhookVerificationException e) {
        valid = false;
      }
      if (valid != vector.path("valid").asBoolean()) wrong.add(vector.path("name").asText());
    }
    assertTrue(count >= 10);
    assertTrue(wrong.isEmpty(), "wrong verdicts: " + wrong);
  }

  @Test
  void aSignedDeliveryVerifiesAndYieldsItsEvent() {
    Map<String, String> headers = WebhookSignature.sign(EVENT, SECRET, "evt_1", NOW);
    Event event = at(NOW).verify(EVENT.getBytes(StandardCharsets.UTF_8), headers);
    assertEquals(EventType.INVOICE_CREATED, event.getType());
    Invoice invoice = (Invoice) event.getData().getObject();
    assertEquals("354.00", invoice.getTotal().toPlainString());
  }

  @Test
  void aParsedAndReserialisedBodyDoesNotVerify() throws IOException {
    Map<String, String> headers = WebhookSignature.sign(EVENT, SECRET, "evt_1", NOW);
    String pretty =
        Bahi.jsonMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .writeValueAsString(Bahi.jsonMapper().readTree(EVENT));
    WebhookVerificationException e =
        assertThrows(WebhookVerificationException.class, () -> at(NOW).verify(pretty, headers));
    assertTrue(e.getMessage().contains("No webhook-signature matches"));
  }

  @Test
  void headersAreFoundInAnyCaseAndAsListsOfValues() {
    Map<String, String> signed = WebhookSignature.sign(EVENT, SECRET, "evt_1", NOW);
    Map<String, List<String>> servletStyle = new LinkedHashMap<>();
    servletStyle.put("Webhook-Id", List.of(signed.get("webhook-id")));
    servletStyle.put("WEBHOOK-TIMESTAMP", List.of(signed.get("webhook-timestamp")));
    // Two header lines during a secret rotation: one stale signature, one good.
    servletStyle.put(
        "webhook-signature",
        List.of(
            "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=", signed.get("webhook-signature")));
    assertEquals("evt_1", at(NOW).verify(EVENT, servletStyle).getId());
  }

  @Test
  void theToleranceIsFiveMinutesEitherWayAndCanBeChanged() {
    Map<String, String> headers = WebhookSignature.sign(EVENT, SECRET, "evt_1", NOW);
    at(NOW.plusSeconds(300)).verify(EVENT, headers);
    at(NOW.minusSeconds(300)).verify(EVENT, headers);
    assertThrows(
        WebhookVerificationException.class, () -> at(NOW.plusSeconds(301)).verify(EVENT, headers));
    assertThrows(
        WebhookVerificationException.class, () -> at(NOW.minusSeconds(301)).verify(EVENT, headers));
    at(NOW.plusSeconds(3600)).tolerance(Duration.ofHours(2)).verify(EVENT, headers);
  }

  @Test
  void aBadSecretOrAMissingHeaderIsRefusedClearly() {
    Map<String, String> headers = WebhookSignature.sign(EVENT, SECRET, "evt_1", NOW);
    assertThrows(
        WebhookVerificationException.class, () -> WebhookSignature.verifier("whsec_not base64!"));
    assertThrows(WebhookVerificationException.class, () -> WebhookSignature.verifier("whsec_"));
    Map<String, String> missing = new LinkedHashMap<>(headers);
    missing.remove("webhook-signature");
    WebhookVerificationException e =
        assertThrows(WebhookVerificationException.class, () -> at(NOW).verify(EVENT, missing));
    assertTrue(e.getMessage().contains("Missing"));
  }
}
