package dev.bahi;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * The Bahi API client: a method per resource of the contract, a method per operation on each.
 *
 * <pre>{@code
 * Bahi client = Bahi.builder().apiKey(System.getenv("BAHI_API_KEY")).build();
 * Invoice invoice = client.invoices().retrieve("inv_…");
 * }</pre>
 *
 * <p>A client is immutable and safe to share between threads; make one and keep it.
 */
public final class Bahi extends BahiResources {
  /** The SDK's version, as its User-Agent ({@code bahi-java/<version>}) says. */
  public static final String VERSION = ApiClient.VERSION;

  /** Where a client sends requests when no base URL is given: a local {@code pnpm start}. */
  public static final String DEFAULT_BASE_URL = "http://127.0.0.1:8080";

  /** Which data a key reaches, read from its prefix. */
  public enum Mode {
    /** {@code sk_test_…}: test data, never charged. */
    TEST,
    /** {@code sk_live_…}: the business's real books. */
    LIVE,
    /** Another credential (an OAuth or personal access token), whose mode the server decides. */
    UNKNOWN
  }

  private final String baseUrl;
  private final Mode mode;

  private Bahi(Builder builder, String baseUrl, ApiClient client) {
    super(client);
    this.baseUrl = baseUrl;
    String credential = builder.accessToken != null ? builder.accessToken : builder.apiKey;
    this.mode =
        credential.startsWith("sk_live_")
            ? Mode.LIVE
            : credential.startsWith("sk_test_") ? Mode.TEST : Mode.UNKNOWN;
  }

  /**
   * @return a builder; {@link Builder#apiKey(String)} or {@link Builder#accessToken(String)} is
   *     required
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * @return whether the key is a test or a live key, from its prefix
   */
  public Mode getMode() {
    return mode;
  }

  /**
   * @return whether the key reaches live data ({@code sk_live_…})
   */
  public boolean isLivemode() {
    return mode == Mode.LIVE;
  }

  /**
   * @return where the API is served, without {@code /v1}
   */
  public String getBaseUrl() {
    return baseUrl;
  }

  /**
   * A Jackson mapper set up as the SDK reads and writes JSON (decimals exact, never a binary
   * float), for reading Bahi objects yourself, e.g. {@code jsonMapper().readValue(json,
   * Invoice.class)}.
   *
   * @return a new mapper
   */
  public static ObjectMapper jsonMapper() {
    return Json.newMapper();
  }

  /** Names the base URL and the mode; never the key. */
  @Override
  public String toString() {
    return "Bahi{baseUrl=" + baseUrl + ", mode=" + mode + "}";
  }

  /** Builds a {@link Bahi} client. */
  public static final class Builder {
    private String apiKey;
    private String accessToken;
    private AccessTokenRefresher refresher;
    private String baseUrl = DEFAULT_BASE_URL;
    private int maxRetries = 2;
    private Duration timeout = Duration.ofSeconds(30);
    private HttpClient httpClient;
    private ApiClient.Sleeper sleeper = duration -> Thread.sleep(duration.toMillis());
    private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
    private Clock clock = Clock.systemUTC();

    private Builder() {}

    /**
     * @param apiKey a secret key, {@code sk_test_…} or {@code sk_live_…}; its mode selects test or
     *     live data
     * @return this builder
     */
    public Builder apiKey(String apiKey) {
      this.apiKey = apiKey;
      return this;
    }

    /**
     * Instead of a key: an OAuth access token ({@code bahi_at_…}) or a personal access token
     * ({@code bahi_pat_…}), which acts for one account and mode with the scopes it was given.
     *
     * @param accessToken the token
     * @return this builder
     */
    public Builder accessToken(String accessToken) {
      this.accessToken = accessToken;
      return this;
    }

    /**
     * With an {@link #accessToken(String)}: called when Bahi refuses it as {@code invalid_token}
     * (expired, revoked) for a new one; the refused request is sent once more with it. A call
     * refreshes at most once: refused again, it throws its {@code AuthenticationException}.
     *
     * @param refresher gets a new access token
     * @return this builder
     */
    public Builder refreshAccessToken(AccessTokenRefresher refresher) {
      this.refresher = refresher;
      return this;
    }

    /**
     * @param baseUrl where the API is served, without {@code /v1}; default {@value
     *     #DEFAULT_BASE_URL}
     * @return this builder
     */
    public Builder baseUrl(String baseUrl) {
      this.baseUrl = baseUrl;
      return this;
    }

    /**
     * How many times a failed attempt is retried: network errors, timeouts, 429, 5xx and 409 {@code
     * idempotency_request_in_progress} (a DELETE only when Bahi cannot have acted on it). Default
     * 2; 0 turns retries off.
     *
     * @param maxRetries 0 or more
     * @return this builder
     */
    public Builder maxRetries(int maxRetries) {
      if (maxRetries < 0) throw new IllegalArgumentException("maxRetries must be 0 or more");
      this.maxRetries = maxRetries;
      return this;
    }

    /**
     * @param timeout how long each attempt may take, the answer's body included; default 30 s
     * @return this builder
     */
    public Builder timeout(Duration timeout) {
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("timeout must be positive");
      }
      this.timeout = timeout;
      return this;
    }

    /**
     * @param httpClient the {@link HttpClient} to send with (a proxy, an executor, TLS settings of
     *     yours); default one of the SDK's own, which follows no redirects
     * @return this builder
     */
    public Builder httpClient(HttpClient httpClient) {
      this.httpClient = httpClient;
      return this;
    }

    Builder sleeper(ApiClient.Sleeper sleeper) {
      this.sleeper = sleeper;
      return this;
    }

    Builder random(DoubleSupplier random) {
      this.random = random;
      return this;
    }

    Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /**
     * @return the client
     * @throws IllegalArgumentException for a missing key or a base URL that is not http(s)
     */
    public Bahi build() {
      if (apiKey != null && accessToken != null) {
        throw new IllegalArgumentException("Bahi: pass apiKey or accessToken, not both");
      }
      if (refresher != null && accessToken == null) {
        throw new IllegalArgumentException(
            "Bahi: refreshAccessToken renews an accessToken; an API key is not refreshed");
      }
      String credential = accessToken != null ? accessToken : apiKey;
      if (credential == null || credential.isEmpty()) {
        throw new IllegalArgumentException(
            "Bahi: no apiKey given (pass your secret key, sk_test_… or sk_live_…, or an"
                + " accessToken)");
      }
      if (!credential.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
        // Say what is wrong without echoing the key, which would put a secret in a log.
        throw new IllegalArgumentException(
            "Bahi: the apiKey has spaces or other unprintable characters");
      }
      String base = baseUrl == null ? DEFAULT_BASE_URL : baseUrl.replaceAll("/+$", "");
      URI uri = URI.create(base);
      if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
        throw new IllegalArgumentException("Bahi: baseUrl must be an http or https URL: " + base);
      }
      HttpClient http =
          httpClient != null
              ? httpClient
              : HttpClient.newBuilder()
                  .connectTimeout(timeout)
                  .followRedirects(HttpClient.Redirect.NEVER)
                  .build();
      ApiClient client =
          new ApiClient(
              base, credential, refresher, http, maxRetries, timeout, sleeper, random, clock);
      return new Bahi(this, base, client);
    }
  }
}
