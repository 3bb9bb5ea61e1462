package dev.bahi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.POJONode;
import dev.bahi.errors.AuthenticationException;
import dev.bahi.errors.BahiException;
import dev.bahi.errors.ConflictException;
import dev.bahi.errors.ConnectionException;
import dev.bahi.errors.ErrorInfo;
import dev.bahi.errors.NotFoundException;
import dev.bahi.errors.PaymentRequiredException;
import dev.bahi.errors.PermissionException;
import dev.bahi.errors.RateLimitException;
import dev.bahi.errors.RequestTimeoutException;
import dev.bahi.errors.ServerException;
import dev.bahi.errors.ValidationException;
import dev.bahi.models.Problem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends the generated services' requests: retries with full-jitter backoff that honour {@code
 * Retry-After}, one {@code Idempotency-Key} per POST kept across its retries, a timeout per
 * attempt, and typed errors from the problem's status.
 */
final class ApiClient {
  static final String VERSION = readVersion();
  static final String USER_AGENT = "bahi-java/" + VERSION;

  private static final long BACKOFF_BASE_MS = 500;
  private static final long BACKOFF_CAP_MS = 8_000;

  /** A longer {@code Retry-After} is not slept through: the caller gets the 429 and decides. */
  private static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(60);

  /**
   * Methods whose failed attempt may be sent again whatever became of it. A GET only reads; every
   * POST carries an {@code Idempotency-Key}, so the server answers a repeat from its record instead
   * of acting twice; the contract's PATCHes set fields to values, so a repeat changes nothing more.
   * The server honours no key on a DELETE, and a repeat of one that worked answers 404, so a DELETE
   * is retried only when the server cannot have seen it (and on 429, which refuses before acting).
   */
  private static final Set<String> REPEATABLE_METHODS = Set.of("GET", "HEAD", "POST", "PATCH");

  private static final Pattern CHARSET = Pattern.compile("(?i)charset=\"?([^\";\\s]+)");

  /** Sleeps between attempts; a test replaces it to record the waits instead. */
  interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  /** RFC 6750's refusal of an expired, revoked or unknown token (not of a missing scope). */
  private static final Pattern INVALID_TOKEN =
      Pattern.compile("(?i)^\\s*Bearer\\b.*\\berror\\s*=\\s*\"?invalid_token\"?");

  private final String baseUrl;
  private volatile String token;
  private final AccessTokenRefresher refresher;
  private final Object refreshLock = new Object();
  private final HttpClient http;
  private final int maxRetries;
  private final Duration timeout;
  private final Sleeper sleeper;
  private final DoubleSupplier random;
  private final Clock clock;

  ApiClient(
      String baseUrl,
      String apiKey,
      AccessTokenRefresher refresher,
      HttpClient http,
      int maxRetries,
      Duration timeout,
      Sleeper sleeper,
      DoubleSupplier random,
      Clock clock) {
    this.baseUrl = baseUrl;
    this.token = apiKey;
    this.refresher = refresher;
    this.http = http;
    this.maxRetries = maxRetries;
    this.timeout = timeout;
    this.sleeper = sleeper;
    this.random = random;
    this.clock = clock;
  }

  /** The answer of a call, its JSON body decoded by {@code decode}. */
  <T> T call(ApiRequest request, RequestOptions options, Function<JsonNode, T> decode) {
    return decode.apply(parseJson(send(request, options)));
  }

  /** The answer of a call whose body is text (CSV), in its charset. */
  String callText(ApiRequest request, RequestOptions options) {
    Answer answer = send(request, options);
    return new String(answer.body, answer.charset());
  }

  /** A file that is not text (a PDF): its bytes, as they came. */
  byte[] callBytes(ApiRequest request, RequestOptions options) {
    return send(request, options).body;
  }

  /** The first page of a list; the page fetches the next ones with the same query. */
  <T> Page<T> list(ApiRequest request, RequestOptions options, Function<JsonNode, T> decode) {
    JsonNode body = parseJson(send(request, options));
    return new Page<>(
        body, decode, cursor -> list(request.withQuery("starting_after", cursor), options, decode));
  }

  private static JsonNode parseJson(Answer answer) {
    try {
      return Json.MAPPER.readTree(answer.body);
    } catch (IOException e) {
      throw new BahiException(
          ErrorInfo.builder()
              .status(answer.status)
              .code("invalid_response")
              .title("The answer is not JSON")
              .requestId(answer.header("x-request-id"))
              .headers(answer.headers)
              .build(),
          e);
    }
  }

  /**
   * Sends a request, with retries, and returns its 2xx answer or throws the error of the last one.
   */
  Answer send(ApiRequest request, RequestOptions options) {
    int retries =
        options != null && options.getMaxRetries() != null ? options.getMaxRetries() : maxRetries;
    Duration attemptTimeout =
        options != null && options.getTimeout() != null ? options.getTimeout() : timeout;
    String idempotencyKey = null;
    if (request.method.equals("POST")) {
      idempotencyKey =
          options != null && options.getIdempotencyKey() != null
              ? options.getIdempotencyKey()
              : UUID.randomUUID().toString();
    }
    String sentToken = token;
    Answer answer =
        sendWithRetries(
            build(request, attemptTimeout, idempotencyKey, sentToken),
            request.method,
            retries,
            attemptTimeout,
            idempotencyKey);
    if (refresher != null && refusesToken(answer)) {
      // Once per call, under the same Idempotency-Key: refused again, the 401 is the caller's.
      String renewed = renew(sentToken, idempotencyKey);
      answer =
          sendWithRetries(
              build(request, attemptTimeout, idempotencyKey, renewed),
              request.method,
              retries,
              attemptTimeout,
              idempotencyKey);
    }
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw errorOf(answer, idempotencyKey);
  }

  private static boolean refusesToken(Answer answer) {
    String challenge = answer.header("www-authenticate");
    return answer.status == 401 && challenge != null && INVALID_TOKEN.matcher(challenge).find();
  }

  /**
   * The token to send instead of {@code refused}: the one another thread already got, or a new one
   * from the refresher, called by one thread while the others wait.
   */
  private String renew(String refused, String idempotencyKey) {
    synchronized (refreshLock) {
      if (!token.equals(refused)) return token;
      String renewed;
      try {
        renewed = refresher.refresh();
      } catch (RuntimeException e) {
        throw e;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw interrupted(idempotencyKey, e);
      } catch (Exception e) {
        throw new BahiException(
            ErrorInfo.builder()
                .code("token_refresh_failed")
                .title("Could not get a new access token")
                .detail(e.getMessage())
                .idempotencyKey(idempotencyKey)
                .build(),
            e);
      }
      if (renewed == null || renewed.isEmpty()) {
        throw new IllegalStateException("Bahi: refreshAccessToken gave no access token");
      }
      token = renewed;
      return renewed;
    }
  }

  /** The last answer of a request's attempts: 2xx, or the error that retrying did not cure. */
  private Answer sendWithRetries(
      HttpRequest httpRequest,
      String method,
      int retries,
      Duration attemptTimeout,
      String idempotencyKey) {
    boolean repeatable = REPEATABLE_METHODS.contains(method);
    for (int retry = 0; ; retry++) {
      Duration wait;
      try {
        Answer answer = attempt(httpRequest, attemptTimeout, idempotencyKey);
        wait = retryWait(answer, retry, repeatable);
        if (wait == null || retry >= retries) return answer;
      } catch (ConnectionException e) {
        if (retry >= retries || (!repeatable && e.mayHaveBeenSent())) throw e;
        wait = backoff(retry);
      }
      sleep(wait, idempotencyKey);
    }
  }

  private HttpRequest build(
      ApiRequest request, Duration attemptTimeout, String idempotencyKey, String bearer) {
    URI uri = URI.create(baseUrl + request.pathAndQuery());
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(uri)
            .timeout(attemptTimeout)
            .header("Authorization", "Bearer " + bearer)
            .header("User-Agent", USER_AGENT)
            .header("Accept", request.accept);
    // Over plain http, HTTP/1.1 at once rather than an h2c upgrade that servers and proxies
    // mishandle.
    if ("http".equalsIgnoreCase(uri.getScheme())) builder.version(HttpClient.Version.HTTP_1_1);
    if (idempotencyKey != null) builder.header("Idempotency-Key", idempotencyKey);
    HttpRequest.BodyPublisher publisher = HttpRequest.BodyPublishers.noBody();
    switch (request.bodyKind()) {
      case JSON:
        builder.header("Content-Type", "application/json");
        publisher = HttpRequest.BodyPublishers.ofByteArray(writeJson(request.body()));
        break;
      case MULTIPART:
        String boundary = "bahi-" + UUID.randomUUID().toString().replace("-", "");
        builder.header("Content-Type", "multipart/form-data; boundary=" + boundary);
        publisher = HttpRequest.BodyPublishers.ofByteArray(multipart(request.body(), boundary));
        break;
      case NONE:
      default:
        break;
    }
    return builder.method(request.method, publisher).build();
  }

  private static byte[] writeJson(ObjectNode body) {
    try {
      return Json.MAPPER.writeValueAsBytes(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A {@code multipart/form-data} body: a part per field, files with their name and type. */
  static byte[] multipart(ObjectNode fields, String boundary) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Iterator<Map.Entry<String, JsonNode>> it = fields.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      JsonNode value = field.getValue();
      Iterable<JsonNode> values = value.isArray() ? value : List.of(value);
      for (JsonNode element : values) {
        if (element.isNull()) continue;
        StringBuilder head = new StringBuilder("--").append(boundary).append("\r\n");
        head.append("Content-Disposition: form-data; name=\"")
            .append(quoted(field.getKey()))
            .append('"');
        byte[] content;
        Object pojo = element instanceof POJONode ? ((POJONode) element).getPojo() : null;
        if (pojo instanceof FileUpload) {
          FileUpload file = (FileUpload) pojo;
          head.append("; filename=\"").append(quoted(file.getFilename())).append('"');
          head.append("\r\nContent-Type: ").append(file.getContentType());
          content = file.content();
        } else {
          String text =
              element.isBigDecimal() ? element.decimalValue().toPlainString() : element.asText();
          content = text.getBytes(StandardCharsets.UTF_8);
        }
        head.append("\r\n\r\n");
        out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        out.writeBytes(content);
        out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
      }
    }
    out.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  /** A name inside a quoted header parameter, escaped as browsers do (HTML's form encoding). */
  private static String quoted(String name) {
    return name.replace("\"", "%22").replace("\r", "%0D").replace("\n", "%0A");
  }

  /** One attempt, its body read in full, all within the timeout. */
  private Answer attempt(HttpRequest request, Duration attemptTimeout, String idempotencyKey) {
    // The future completes once the whole body is read, so waiting on it bounds the body too (the
    // request's own timeout ends when the headers arrive); cancelling it aborts the exchange.
    CompletableFuture<HttpResponse<byte[]>> future =
        http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
    try {
      HttpResponse<byte[]> response = future.get(attemptTimeout.toNanos(), TimeUnit.NANOSECONDS);
      return new Answer(
          response.statusCode(), lowerCased(response.headers().map()), response.body());
    } catch (TimeoutException e) {
      future.cancel(true);
      throw timeoutError(attemptTimeout, idempotencyKey, e, true);
    } catch (ExecutionException e) {
      throw connectionError(e.getCause(), attemptTimeout, idempotencyKey);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw interrupted(idempotencyKey, e);
    }
  }

  private static Map<String, List<String>> lowerCased(Map<String, List<String>> headers) {
    Map<String, List<String>> lower = new LinkedHashMap<>();
    headers.forEach((name, values) -> lower.put(name.toLowerCase(Locale.ROOT), values));
    return Collections.unmodifiableMap(lower);
  }

  /**
   * The exception of a failure to get an answer: whether the request may have been sent decides
   * retries.
   */
  private static ConnectionException connectionError(
      Throwable cause, Duration attemptTimeout, String idempotencyKey) {
    for (Throwable t = cause; t != null; t = t.getCause()) {
      if (t instanceof HttpConnectTimeoutException) {
        return timeoutError(attemptTimeout, idempotencyKey, cause, false);
      }
      if (t instanceof HttpTimeoutException) {
        return timeoutError(attemptTimeout, idempotencyKey, cause, true);
      }
      if (t instanceof ConnectException
          || t instanceof UnresolvedAddressException
          || t instanceof UnknownHostException
          || t instanceof NoRouteToHostException) {
        return connection(idempotencyKey, cause, false);
      }
    }
    return connection(idempotencyKey, cause, true);
  }

  private static ConnectionException connection(
      String idempotencyKey, Throwable cause, boolean sent) {
    ErrorInfo info =
        ErrorInfo.builder()
            .code("connection_error")
            .title("Could not reach Bahi")
            .detail(cause == null ? null : String.valueOf(cause.getMessage()))
            .idempotencyKey(idempotencyKey)
            .build();
    return new ConnectionException(info, cause, sent);
  }

  private static RequestTimeoutException timeoutError(
      Duration attemptTimeout, String idempotencyKey, Throwable cause, boolean sent) {
    ErrorInfo info =
        ErrorInfo.builder()
            .code("timeout")
            .title("No answer within " + attemptTimeout.toMillis() + " ms")
            .idempotencyKey(idempotencyKey)
            .build();
    return new RequestTimeoutException(info, cause, sent);
  }

  private static BahiException interrupted(String idempotencyKey, InterruptedException cause) {
    ErrorInfo info =
        ErrorInfo.builder()
            .code("interrupted")
            .title("The call was interrupted")
            .idempotencyKey(idempotencyKey)
            .build();
    return new BahiException(info, cause);
  }

  /**
   * How long to wait before retrying this answer, or null when it is final. A 429 is refused before
   * anything is done, so it is retried whatever the method; a 5xx may come after the work was done.
   */
  private Duration retryWait(Answer answer, int retry, boolean repeatable) {
    int status = answer.status;
    boolean retryable =
        status == 429
            || (repeatable
                && (status >= 500
                    || (status == 409
                        && "idempotency_request_in_progress".equals(problemCode(answer)))));
    if (!retryable) return null;
    Duration retryAfter = retryAfter(answer.header("retry-after"), clock);
    if (retryAfter == null) return backoff(retry);
    return retryAfter.compareTo(MAX_RETRY_AFTER) <= 0 ? retryAfter : null;
  }

  /**
   * The wait before retry n (from 0): "full jitter", uniform in [0, min(cap, base * 2^n)), so that
   * clients failing together do not retry together.
   */
  private Duration backoff(int retry) {
    long ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS << Math.min(retry, 20));
    return Duration.ofMillis((long) (random.getAsDouble() * ceiling));
  }

  /**
   * {@code Retry-After} as a duration from now: delay-seconds or an HTTP date; null when absent.
   */
  static Duration retryAfter(String value, Clock clock) {
    if (value == null) return null;
    String text = value.trim();
    if (text.matches("\\d{1,9}")) return Duration.ofSeconds(Long.parseLong(text));
    try {
      ZonedDateTime at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME);
      long millis = at.toInstant().toEpochMilli() - clock.millis();
      return Duration.ofSeconds(Math.max(0, (millis + 999) / 1000));
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private void sleep(Duration wait, String idempotencyKey) {
    try {
      sleeper.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw interrupted(idempotencyKey, e);
    }
  }

  private static String problemCode(Answer answer) {
    ObjectNode problem = answer.jsonObject();
    JsonNode code = problem == null ? null : problem.get("code");
    return code == null ? null : code.asText();
  }

  /** The typed error of an error answer, from its problem+json body when it has one. */
  private BahiException errorOf(Answer answer, String idempotencyKey) {
    int status = answer.status;
    ObjectNode body = answer.jsonObject();
    ErrorInfo.Builder info =
        ErrorInfo.builder()
            .status(status)
            .code(text(body, "code", "http_" + status))
            .title(text(body, "title", "HTTP " + status))
            .requestId(text(body, "request_id", answer.header("x-request-id")))
            .idempotencyKey(idempotencyKey)
            .headers(answer.headers);
    String detail = text(body, "detail", null);
    if (detail == null && body == null && answer.body.length > 0) {
      // A body that is not a problem (a proxy's error page) is still the best account of what
      // happened.
      String page = new String(answer.body, answer.charset());
      detail = page.length() > 500 ? page.substring(0, 500) : page;
    }
    info.detail(detail);
    // Only an answer that says it is a problem is typed as one: a proxy's JSON error is not.
    if (body != null && answer.isProblemJson()) info.problem(Problem.fromJson(body));
    if (status == 429) {
      info.retryAfter(retryAfter(answer.header("retry-after"), clock));
      return new RateLimitException(info.build());
    }
    ErrorInfo built = info.build();
    if (status >= 500) return new ServerException(built);
    switch (status) {
      case 400:
      case 422:
        return new ValidationException(built);
      case 401:
        return new AuthenticationException(built);
      case 402:
        return new PaymentRequiredException(built);
      case 403:
        return new PermissionException(built);
      case 404:
        return new NotFoundException(built);
      case 409:
        return new ConflictException(built);
      default:
        return new BahiException(built, null);
    }
  }

  private static String text(ObjectNode body, String field, String fallback) {
    JsonNode value = body == null ? null : body.get(field);
    return value == null || value.isNull() ? fallback : value.asText();
  }

  private static String readVersion() {
    Properties properties = new Properties();
    try (InputStream in = ApiClient.class.getResourceAsStream("version.properties")) {
      if (in != null) properties.load(in);
    } catch (IOException e) {
      // The version only labels the User-Agent; a missing file must not stop the client.
    }
    return properties.getProperty("version", "unknown");
  }

  /** One answer: status, headers (names in lower case) and the whole body. */
  static final class Answer {
    final int status;
    final Map<String, List<String>> headers;
    final byte[] body;

    Answer(int status, Map<String, List<String>> headers, byte[] body) {
      this.status = status;
      this.headers = headers;
      this.body = body;
    }

    String header(String name) {
      List<String> values = headers.get(name);
      return values == null || values.isEmpty() ? null : values.get(0);
    }

    private String contentType() {
      String type = header("content-type");
      return type == null ? "" : type.toLowerCase(Locale.ROOT);
    }

    boolean isProblemJson() {
      return contentType().startsWith("application/problem+json");
    }

    Charset charset() {
      Matcher m = CHARSET.matcher(contentType());
      try {
        return m.find() ? Charset.forName(m.group(1)) : StandardCharsets.UTF_8;
      } catch (RuntimeException e) {
        return StandardCharsets.UTF_8;
      }
    }

    /** The body as a JSON object when it is one, else null. */
    ObjectNode jsonObject() {
      String type = contentType();
      if (!(type.contains("/json") || type.contains("+json")) || body.length == 0) return null;
      try {
        JsonNode json = Json.MAPPER.readTree(body);
        return json instanceof ObjectNode ? (ObjectNode) json : null;
      } catch (IOException e) {
        return null;
      }
    }
  }
}
