package dev.bahi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bahi.StubServer.Reply;
import dev.bahi.errors.ConflictException;
import dev.bahi.errors.ConnectionException;
import dev.bahi.errors.RateLimitException;
import dev.bahi.errors.RequestTimeoutException;
import dev.bahi.errors.ServerException;
import dev.bahi.errors.ValidationException;
import dev.bahi.models.Account;
import dev.bahi.models.Party;
import dev.bahi.models.PartyType;
import dev.bahi.models.WebhookDeleted;
import dev.bahi.params.PartyCreateParams;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TransportTest {
  private static final String ACCOUNT =
      "{\"id\":\"acc_1\",\"object\":\"account\",\"livemode\":false}";
  private static final String PARTY = "{\"id\":\"pty_1\",\"object\":\"party\",\"name\":\"Sharma\"}";

  private final Clients clients = new Clients();

  private static PartyCreateParams party() {
    return PartyCreateParams.builder().type(PartyType.CUSTOMER).name("Sharma").build();
  }

  @Test
  void sendsTheKeyTheUserAgentAndAcceptOnEveryRequest() throws IOException {
    try (StubServer server = new StubServer().reply(Reply.json(200, ACCOUNT))) {
      Account account = clients.client(server).account().retrieve();
      assertEquals("acc_1", account.getId());
      StubServer.Recorded sent = server.requests.get(0);
      assertEquals("GET", sent.method);
      assertEquals("/v1/account", sent.uri);
      assertEquals("Bearer " + Clients.TEST_KEY, sent.header("authorization"));
      assertEquals("bahi-java/" + Bahi.VERSION, sent.header("user-agent"));
      assertFalse(Bahi.VERSION.isEmpty() || Bahi.VERSION.equals("unknown"));
      assertEquals("application/json", sent.header("accept"));
      assertNull(sent.header("content-type"), "a GET has no body");
    }
  }

  @Test
  void aGetNeverCarriesAnIdempotencyKey() throws IOException {
    try (StubServer server =
        new StubServer().reply(Reply.problem(503, "unavailable", ""), Reply.json(200, ACCOUNT))) {
      clients.client(server).account().retrieve();
      assertEquals(2, server.requests.size());
      for (StubServer.Recorded sent : server.requests) assertNull(sent.header("idempotency-key"));
    }
  }

  @Test
  void aPostKeepsOneIdempotencyKeyAcrossItsRetries() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(
                Reply.problem(500, "internal_error", ""),
                Reply.problem(502, "bad_gateway", ""),
                Reply.json(201, PARTY))) {
      Party created = clients.client(server).parties().create(party());
      assertEquals("pty_1", created.getId());
      assertEquals(3, server.requests.size());
      String key = server.requests.get(0).header("idempotency-key");
      assertNotNull(key);
      assertTrue(key.matches("[0-9a-f-]{36}"), key);
      for (StubServer.Recorded sent : server.requests) {
        assertEquals(key, sent.header("idempotency-key"));
        assertEquals("application/json", sent.header("content-type"));
      }
    }
  }

  @Test
  void eachPostGetsItsOwnKeyAndACallersKeyIsSentAsGiven() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(Reply.json(201, PARTY), Reply.json(201, PARTY), Reply.json(201, PARTY))) {
      Bahi client = clients.client(server);
      client.parties().create(party());
      client.parties().create(party());
      client.parties().create(party(), RequestOptions.builder().idempotencyKey("order-42").build());
      assertFalse(
          server
              .requests
              .get(0)
              .header("idempotency-key")
              .equals(server.requests.get(1).header("idempotency-key")));
      assertEquals("order-42", server.requests.get(2).header("idempotency-key"));
    }
  }

  @Test
  void backoffIsFullJitterExponential() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(
                Reply.problem(503, "unavailable", ""),
                Reply.problem(503, "unavailable", ""),
                Reply.problem(503, "unavailable", ""),
                Reply.json(200, ACCOUNT))) {
      clients.builder(server).maxRetries(3).build().account().retrieve();
      // random() is 0.5: half of 500 ms, 1 s, 2 s.
      assertEquals(
          List.of(Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofMillis(1000)),
          clients.waits);
    }
  }

  @Test
  void aRetryWaitsExactlyAsRetryAfterSays() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(
                Reply.problem(429, "rate_limited", "").header("Retry-After", "2"),
                Reply.json(200, ACCOUNT))) {
      clients.client(server).account().retrieve();
      assertEquals(List.of(Duration.ofSeconds(2)), clients.waits);
    }
  }

  @Test
  void retryAfterMayBeAnHttpDate() throws IOException {
    Instant now = Instant.parse("2026-11-23T10:00:00Z");
    String inThreeSeconds =
        DateTimeFormatter.RFC_1123_DATE_TIME.format(
            ZonedDateTime.ofInstant(now.plusSeconds(3), ZoneOffset.UTC));
    try (StubServer server =
        new StubServer()
            .reply(
                Reply.problem(503, "unavailable", "").header("Retry-After", inThreeSeconds),
                Reply.json(200, ACCOUNT))) {
      clients.builder(server).clock(Clock.fixed(now, ZoneOffset.UTC)).build().account().retrieve();
      assertEquals(List.of(Duration.ofSeconds(3)), clients.waits);
    }
  }

  @Test
  void aRetryAfterPastTheCapIsNotSleptThrough() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(Reply.problem(429, "rate_limited", "").header("Retry-After", "120"))) {
      RateLimitException e =
          assertThrows(RateLimitException.class, () -> clients.client(server).account().retrieve());
      assertEquals(Duration.ofSeconds(120), e.getRetryAfter());
      assertEquals(1, server.requests.size());
      assertTrue(clients.waits.isEmpty());
    }
  }

  @Test
  void afterTheLastRetryTheErrorOfTheLastAnswerIsThrown() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(
                Reply.problem(500, "internal_error", ""),
                Reply.problem(500, "internal_error", ""),
                Reply.problem(500, "internal_error", ""))) {
      ServerException e =
          assertThrows(
              ServerException.class, () -> clients.client(server).parties().create(party()));
      assertEquals(3, server.requests.size(), "one attempt and the default two retries");
      assertEquals(server.requests.get(0).header("idempotency-key"), e.getIdempotencyKey());
    }
  }

  @Test
  void retriesCanBeTurnedOff() throws IOException {
    try (StubServer server =
        new StubServer().reply(Reply.problem(429, "rate_limited", "").header("Retry-After", "1"))) {
      RateLimitException e =
          assertThrows(
              RateLimitException.class,
              () -> clients.builder(server).maxRetries(0).build().account().retrieve());
      assertEquals(Duration.ofSeconds(1), e.getRetryAfter());
      assertEquals(1, server.requests.size());
    }
  }

  @Test
  void failuresThatARepeatCannotFixAreNotRetried() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(
                Reply.problem(400, "validation_failed", ""),
                Reply.problem(422, "unknown_sku", ""),
                Reply.problem(409, "invoice_cancelled", ""))) {
      Bahi client = clients.client(server);
      assertThrows(ValidationException.class, () -> client.parties().create(party()));
      assertThrows(ValidationException.class, () -> client.parties().create(party()));
      assertThrows(ConflictException.class, () -> client.parties().create(party()));
      assertEquals(3, server.requests.size());
      assertTrue(clients.waits.isEmpty());
    }
  }

  @Test
  void aRequestStillInProgressIsRetriedWithTheSameKey() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(
                Reply.problem(409, "idempotency_request_in_progress", ""),
                Reply.json(201, PARTY))) {
      clients.client(server).parties().create(party());
      assertEquals(2, server.requests.size());
      assertEquals(
          server.requests.get(0).header("idempotency-key"),
          server.requests.get(1).header("idempotency-key"));
    }
  }

  @Test
  void aDeleteIsNotRetriedAfterAServerError() throws IOException {
    try (StubServer server = new StubServer().reply(Reply.problem(500, "internal_error", ""))) {
      assertThrows(ServerException.class, () -> clients.client(server).webhooks().del("whk_1"));
      assertEquals(1, server.requests.size());
      assertNull(
          server.requests.get(0).header("idempotency-key"),
          "the server honours no key on a DELETE");
    }
  }

  @Test
  void aDeleteIsRetriedOnARateLimitWhichRefusesBeforeActing() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(
                Reply.problem(429, "rate_limited", "").header("Retry-After", "1"),
                Reply.json(200, "{\"id\":\"whk_1\",\"object\":\"webhook\",\"deleted\":true}"))) {
      WebhookDeleted deleted = clients.client(server).webhooks().del("whk_1");
      assertTrue(deleted.getDeleted());
      assertEquals(2, server.requests.size());
    }
  }

  @Test
  void aRefusedConnectionIsRetriedEvenForADeleteSinceNothingWasSent() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Bahi client =
        Bahi.builder()
            .apiKey(Clients.TEST_KEY)
            .baseUrl("http://127.0.0.1:" + port)
            .sleeper(clients.waits::add)
            .random(() -> 0)
            .build();
    ConnectionException e =
        assertThrows(ConnectionException.class, () -> client.webhooks().del("whk_1"));
    assertFalse(e.mayHaveBeenSent());
    assertNull(e.getStatus());
    assertEquals("connection_error", e.getCode());
    assertEquals(2, clients.waits.size(), "two retries before giving up");
  }

  @Test
  void anAttemptThatTakesTooLongTimesOut() throws IOException {
    try (StubServer server =
        new StubServer().reply(Reply.json(200, ACCOUNT).delay(Duration.ofSeconds(3)))) {
      long start = System.nanoTime();
      RequestTimeoutException e =
          assertThrows(
              RequestTimeoutException.class,
              () ->
                  clients
                      .builder(server)
                      .timeout(Duration.ofMillis(300))
                      .maxRetries(0)
                      .build()
                      .account()
                      .retrieve());
      assertTrue(
          System.nanoTime() - start < 2_500_000_000L, "gave up at the timeout, not at the answer");
      assertEquals("timeout", e.getCode());
      assertTrue(e.mayHaveBeenSent());
    }
  }

  @Test
  void theTimeoutCoversTheBodyToo() throws IOException {
    try (StubServer server =
        new StubServer().reply(Reply.json(200, ACCOUNT).stallBody(Duration.ofSeconds(3)))) {
      long start = System.nanoTime();
      assertThrows(
          RequestTimeoutException.class,
          () ->
              clients
                  .builder(server)
                  .timeout(Duration.ofMillis(400))
                  .maxRetries(0)
                  .build()
                  .account()
                  .retrieve());
      assertTrue(System.nanoTime() - start < 2_500_000_000L);
    }
  }

  @Test
  void aTimedOutPostIsRetriedWithTheSameKeySoItIsNeverDoneTwice() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(Reply.json(201, PARTY).delay(Duration.ofSeconds(2)), Reply.json(201, PARTY))) {
      Party created =
          clients.builder(server).timeout(Duration.ofMillis(300)).build().parties().create(party());
      assertEquals("pty_1", created.getId());
      assertEquals(2, server.requests.size());
      assertEquals(
          server.requests.get(0).header("idempotency-key"),
          server.requests.get(1).header("idempotency-key"));
    }
  }

  @Test
  void aCallsOptionsOverrideTheClients() throws IOException {
    try (StubServer server =
        new StubServer().reply(Reply.json(200, ACCOUNT).delay(Duration.ofSeconds(2)))) {
      Bahi client = clients.client(server);
      RequestOptions hurried =
          RequestOptions.builder().timeout(Duration.ofMillis(200)).maxRetries(0).build();
      assertThrows(RequestTimeoutException.class, () -> client.account().retrieve(hurried));
      assertTrue(clients.waits.isEmpty(), "no retry: the call's maxRetries is 0");
    }
  }

  @Test
  void pathArgumentsAreEncodedSoAnIdCannotChangeThePath() throws IOException {
    try (StubServer server = new StubServer().reply(Reply.json(200, PARTY))) {
      clients.client(server).parties().retrieve("pty_1/../../v1/account?x=1 2");
      assertEquals(
          "/v1/parties/pty_1%2F..%2F..%2Fv1%2Faccount%3Fx%3D1%202", server.requests.get(0).uri);
    }
  }
}
