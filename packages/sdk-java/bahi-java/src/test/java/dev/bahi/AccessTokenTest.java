package dev.bahi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bahi.StubServer.Reply;
import dev.bahi.errors.AuthenticationException;
import dev.bahi.errors.BahiException;
import dev.bahi.errors.PermissionException;
import dev.bahi.models.PartyType;
import dev.bahi.params.PartyCreateParams;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * OAuth and personal access tokens: sent as the bearer token, renewed through the refresher when
 * Bahi refuses one as {@code invalid_token} (once for threads refused together), the request sent
 * once more under the same Idempotency-Key, and never a second refresh for one call.
 */
class AccessTokenTest {
  private static final String OLD = "bahi_at_0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0";
  private static final String NEW = "bahi_at_n3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3w";
  private static final String ACCOUNT =
      "{\"id\":\"acc_1\",\"object\":\"account\",\"livemode\":false}";
  private static final String PARTY = "{\"id\":\"pty_1\",\"object\":\"party\",\"name\":\"Sharma\"}";

  private final Clients clients = new Clients();

  private static Reply expired() {
    String detail = "This access token expired at 2026-11-22T06:30:00.000Z.";
    return Reply.problem(401, "invalid_token", "")
        .header(
            "WWW-Authenticate",
            "Bearer error=\"invalid_token\", error_description=\"" + detail + "\"");
  }

  /** A server that takes only {@code valid}: every other token is refused as expired. */
  private static StubServer acceptOnly(String valid) throws IOException {
    return new StubServer()
        .respond(
            r ->
                ("Bearer " + valid).equals(r.header("authorization"))
                    ? Reply.json(200, ACCOUNT)
                    : expired());
  }

  private static List<String> tokensSent(StubServer server) {
    synchronized (server.requests) {
      return server.requests.stream()
          .map(r -> r.header("authorization").substring("Bearer ".length()))
          .collect(Collectors.toList());
    }
  }

  private Bahi tokenClient(StubServer server, AccessTokenRefresher refresher) {
    Bahi.Builder builder = clients.builder(server).apiKey(null).accessToken(OLD);
    return (refresher == null ? builder : builder.refreshAccessToken(refresher)).build();
  }

  @Test
  void aPersonalAccessTokenIsTheBearerToken() throws IOException {
    String pat = "bahi_pat_p4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp";
    try (StubServer server = acceptOnly(pat)) {
      Bahi client = clients.builder(server).apiKey(null).accessToken(pat).build();
      assertEquals("acc_1", client.account().retrieve().getId());
      assertEquals(List.of(pat), tokensSent(server));
      assertSame(Bahi.Mode.UNKNOWN, client.getMode());
    }
  }

  @Test
  void oneCredentialAndTheRefresherRenewsATokenOnly() {
    IllegalArgumentException both =
        assertThrows(
            IllegalArgumentException.class,
            () -> Bahi.builder().apiKey(Clients.TEST_KEY).accessToken(OLD).build());
    assertTrue(both.getMessage().contains("not both"));
    IllegalArgumentException keyRefreshed =
        assertThrows(
            IllegalArgumentException.class,
            () -> Bahi.builder().apiKey(Clients.TEST_KEY).refreshAccessToken(() -> NEW).build());
    assertTrue(keyRefreshed.getMessage().contains("an API key is not refreshed"));
  }

  @Test
  void aRefusedTokenIsRefreshedOnceAndTheRequestSentAgain() throws IOException {
    AtomicInteger refreshes = new AtomicInteger();
    try (StubServer server = acceptOnly(NEW)) {
      Bahi client =
          tokenClient(
              server,
              () -> {
                refreshes.incrementAndGet();
                return NEW;
              });
      assertEquals("acc_1", client.account().retrieve().getId());
      client.account().retrieve();
      assertEquals(List.of(OLD, NEW, NEW), tokensSent(server));
      assertEquals(1, refreshes.get());
      assertTrue(clients.waits.isEmpty(), "a refusal is not a retry with backoff");
    }
  }

  @Test
  void refusedAgainTheCallThrowsTheUnauthorizedWithoutASecondRefresh() throws IOException {
    AtomicInteger refreshes = new AtomicInteger();
    try (StubServer server = acceptOnly("nothing")) {
      Bahi client =
          tokenClient(
              server,
              () -> {
                refreshes.incrementAndGet();
                return NEW;
              });
      AuthenticationException e =
          assertThrows(AuthenticationException.class, () -> client.account().retrieve());
      assertEquals("invalid_token", e.getCode());
      assertEquals(List.of(OLD, NEW), tokensSent(server));
      assertEquals(1, refreshes.get());
    }
  }

  @Test
  void noRefreshWithoutARefresherNorForAMissingScope() throws IOException {
    try (StubServer server = acceptOnly(NEW)) {
      assertThrows(
          AuthenticationException.class, () -> tokenClient(server, null).account().retrieve());
    }
    AtomicInteger refreshes = new AtomicInteger();
    Reply forbidden =
        Reply.problem(403, "insufficient_scope", "")
            .header(
                "WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\"account:read\"");
    try (StubServer server = new StubServer().reply(forbidden)) {
      Bahi client =
          tokenClient(
              server,
              () -> {
                refreshes.incrementAndGet();
                return NEW;
              });
      assertThrows(PermissionException.class, () -> client.account().retrieve());
    }
    assertEquals(0, refreshes.get());
  }

  @Test
  void aFailingRefresherFailsTheCallAndTheNextCallTriesAgain() throws IOException {
    AtomicInteger attempts = new AtomicInteger();
    try (StubServer server = acceptOnly(NEW)) {
      Bahi client =
          tokenClient(
              server,
              () -> {
                if (attempts.incrementAndGet() == 1) throw new IOException("token endpoint down");
                return NEW;
              });
      BahiException e = assertThrows(BahiException.class, () -> client.account().retrieve());
      assertEquals("token_refresh_failed", e.getCode());
      assertTrue(e.getCause() instanceof IOException);
      assertEquals("acc_1", client.account().retrieve().getId());
      assertEquals(List.of(OLD, OLD, NEW), tokensSent(server));

      Bahi empty = tokenClient(server, () -> "");
      assertThrows(IllegalStateException.class, () -> empty.account().retrieve());
    }
  }

  @Test
  void aCreateKeepsItsIdempotencyKeyAndBodyOnTheRequestSentAgain() throws IOException {
    try (StubServer server = new StubServer().reply(expired(), Reply.json(201, PARTY))) {
      Bahi client = tokenClient(server, () -> NEW);
      PartyCreateParams params =
          PartyCreateParams.builder().type(PartyType.CUSTOMER).name("Sharma").build();
      assertEquals("pty_1", client.parties().create(params).getId());
      StubServer.Recorded first = server.requests.get(0);
      StubServer.Recorded second = server.requests.get(1);
      assertEquals(List.of(OLD, NEW), tokensSent(server));
      assertNotNull(first.header("idempotency-key"));
      assertEquals(first.header("idempotency-key"), second.header("idempotency-key"));
      assertEquals(first.body(), second.body());
    }
  }

  @Test
  void threadsRefusedTogetherShareOneRefresh() throws Exception {
    AtomicInteger refreshes = new AtomicInteger();
    CountDownLatch allRefused = new CountDownLatch(4);
    try (StubServer server =
        new StubServer()
            .respond(
                r -> {
                  if (("Bearer " + NEW).equals(r.header("authorization"))) {
                    return Reply.json(200, ACCOUNT);
                  }
                  allRefused.countDown();
                  return expired();
                })) {
      Bahi client =
          tokenClient(
              server,
              () -> {
                refreshes.incrementAndGet();
                // Every thread has its refusal before the new token comes.
                assertTrue(allRefused.await(10, TimeUnit.SECONDS));
                return NEW;
              });
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<String>> calls = new ArrayList<>();
        for (int i = 0; i < 4; i++)
          calls.add(pool.submit(() -> client.account().retrieve().getId()));
        for (Future<String> call : calls) assertEquals("acc_1", call.get(20, TimeUnit.SECONDS));
      } finally {
        pool.shutdownNow();
      }
      assertEquals(1, refreshes.get());
      assertEquals(4, tokensSent(server).stream().filter(NEW::equals).count());
    }
  }
}
