package dev.bahi;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Clients for tests: waits are recorded instead of slept, jitter is fixed. */
final class Clients {
  static final String TEST_KEY = "sk_test_4eC39HqLyjWDarjtT1zdp7dc4eC39HqLyjWDarjtT1z";

  final List<Duration> waits = Collections.synchronizedList(new ArrayList<>());

  Bahi.Builder builder(StubServer server) {
    return Bahi.builder()
        .apiKey(TEST_KEY)
        .baseUrl(server.url())
        .sleeper(waits::add)
        .random(() -> 0.5)
        .clock(Clock.systemUTC())
        .timeout(Duration.ofSeconds(5));
  }

  Bahi client(StubServer server) {
    return builder(server).build();
  }
}
