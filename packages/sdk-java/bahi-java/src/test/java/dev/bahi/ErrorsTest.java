package dev.bahi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bahi.StubServer.Reply;
import dev.bahi.errors.AuthenticationException;
import dev.bahi.errors.BahiException;
import dev.bahi.errors.ConflictException;
import dev.bahi.errors.NotFoundException;
import dev.bahi.errors.PaymentRequiredException;
import dev.bahi.errors.PermissionException;
import dev.bahi.errors.RateLimitException;
import dev.bahi.errors.ServerException;
import dev.bahi.errors.ValidationException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ErrorsTest {
  private final Clients clients = new Clients();

  private BahiException failure(Reply reply) throws IOException {
    try (StubServer server = new StubServer().reply(reply)) {
      Bahi client = clients.builder(server).maxRetries(0).build();
      return assertThrows(BahiException.class, () -> client.invoices().retrieve("inv_1"));
    }
  }

  @ParameterizedTest
  @CsvSource({
    "400, validation_failed, dev.bahi.errors.ValidationException",
    "401, invalid_api_key, dev.bahi.errors.AuthenticationException",
    "402, subscription_paused, dev.bahi.errors.PaymentRequiredException",
    "403, insufficient_scope, dev.bahi.errors.PermissionException",
    "404, not_found, dev.bahi.errors.NotFoundException",
    "409, invoice_cancelled, dev.bahi.errors.ConflictException",
    "413, payload_too_large, dev.bahi.errors.BahiException",
    "415, unsupported_media_type, dev.bahi.errors.BahiException",
    "422, unknown_sku, dev.bahi.errors.ValidationException",
    "429, rate_limited, dev.bahi.errors.RateLimitException",
    "500, internal_error, dev.bahi.errors.ServerException",
    "503, unavailable, dev.bahi.errors.ServerException"
  })
  void eachStatusHasItsClassAndTheProblemsFields(int status, String code, String className)
      throws Exception {
    BahiException e = failure(Reply.problem(status, code, ""));
    assertEquals(Class.forName(className), e.getClass());
    assertEquals(status, e.getStatus());
    assertEquals(code, e.getCode());
    assertEquals("Problem", e.getTitle());
    assertEquals("Detail of " + code, e.getDetail());
    assertEquals("req_123", e.getRequestId());
    assertEquals("urn:bahi:problem:" + code, e.getType());
    assertEquals("Detail of " + code + " (" + status + " " + code + " req_123)", e.getMessage());
    assertNull(e.getIdempotencyKey(), "a GET has no key");
  }

  @Test
  void aValidationErrorNamesEachBadField() throws IOException {
    BahiException e =
        failure(
            Reply.problem(
                422,
                "unknown_sku",
                "\"errors\":[{\"pointer\":\"/items/0/sku\",\"code\":\"unknown_sku\",\"message\":\"No such SKU\"}]"));
    ValidationException v = assertInstanceOf(ValidationException.class, e);
    assertEquals(1, v.getErrors().size());
    assertEquals("/items/0/sku", v.getErrors().get(0).getPointer());
    assertEquals("No such SKU", v.getErrors().get(0).getMessage());
  }

  @Test
  void aConflictNamesTheExistingObject() throws IOException {
    BahiException e = failure(Reply.problem(409, "duplicate_gstin", "\"existing_id\":\"pty_9\""));
    assertEquals("pty_9", assertInstanceOf(ConflictException.class, e).getExistingId());
  }

  @Test
  void aPlanLimitKeepsEveryFieldOfTheProblem() throws IOException {
    BahiException e =
        failure(
            Reply.problem(
                402, "plan_limit_exceeded", "\"quota\":\"live_invoices_per_month\",\"limit\":100"));
    PaymentRequiredException p = assertInstanceOf(PaymentRequiredException.class, e);
    assertEquals("live_invoices_per_month", p.getProblem().getQuota().getValue());
    assertEquals(100L, p.getProblem().getLimit());
  }

  @Test
  void aRateLimitSaysHowLongToWait() throws IOException {
    BahiException e = failure(Reply.problem(429, "rate_limited", "").header("Retry-After", "7"));
    assertEquals(
        Duration.ofSeconds(7), assertInstanceOf(RateLimitException.class, e).getRetryAfter());
    assertEquals("7", e.getHeaders().get("retry-after").get(0));
  }

  @Test
  void anAnswerThatIsNoProblemStillSaysWhatHappened() throws IOException {
    Reply page = new Reply();
    page.status = 502;
    page.body = "<html>Bad gateway</html>";
    page.headers.put("Content-Type", "text/html");
    page.headers.put("X-Request-Id", "req_proxy");
    BahiException e = failure(page);
    assertInstanceOf(ServerException.class, e);
    assertEquals("http_502", e.getCode());
    assertEquals("<html>Bad gateway</html>", e.getDetail());
    assertEquals("req_proxy", e.getRequestId());
    assertNull(e.getProblem(), "not problem+json, so not typed as a problem");
  }

  @Test
  void errorsNeverCarryTheKey() throws IOException {
    BahiException e = failure(Reply.problem(401, "invalid_api_key", ""));
    assertInstanceOf(AuthenticationException.class, e);
    assertFalse(e.toString().contains(Clients.TEST_KEY));
    assertFalse(String.valueOf(e.getHeaders()).contains(Clients.TEST_KEY));
  }

  @Test
  void theFamiliesAreDistinct() {
    for (Class<?> type :
        new Class<?>[] {
          ValidationException.class, AuthenticationException.class, PermissionException.class,
          NotFoundException.class, ConflictException.class, RateLimitException.class
        }) {
      assertTrue(BahiException.class.isAssignableFrom(type));
    }
    assertEquals(new BigDecimal("1"), BigDecimal.ONE);
  }
}
