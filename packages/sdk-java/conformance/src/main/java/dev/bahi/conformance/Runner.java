package dev.bahi.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.bahi.Bahi;
import dev.bahi.BahiObject;
import dev.bahi.Page;
import dev.bahi.RequestOptions;
import dev.bahi.WebhookSignature;
import dev.bahi.WebhookVerificationException;
import dev.bahi.errors.AuthenticationException;
import dev.bahi.errors.BahiException;
import dev.bahi.errors.ConflictException;
import dev.bahi.errors.NotFoundException;
import dev.bahi.errors.PermissionException;
import dev.bahi.errors.RateLimitException;
import dev.bahi.errors.ValidationException;
import dev.bahi.models.FieldError;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the conformance scenario ({@code packages/conformance/scenario.json}) with the SDK's public
 * API. Nothing here is written per step: a step's {@code call} names a resource accessor and a
 * method, found by reflection on the client; its JSON {@code params} become the method's params
 * class through Jackson, as any caller's JSON would.
 */
public final class Runner {
  /** Threads that call at once in the steps that call until something happens. */
  private static final int BURST = 8;

  private static final Pattern REFERENCE = Pattern.compile("\\$\\{([^}]+)}");
  private static final Map<String, Class<? extends BahiException>> KINDS =
      Map.of(
          "validation", ValidationException.class,
          "authentication", AuthenticationException.class,
          "permission", PermissionException.class,
          "not_found", NotFoundException.class,
          "conflict", ConflictException.class,
          "rate_limit", RateLimitException.class);

  private final ObjectMapper mapper = Bahi.jsonMapper();
  private final Map<String, Bahi> clients = new HashMap<>();
  private final Map<String, Bahi> directClients = new HashMap<>();
  private final Map<String, JsonNode> saved = new HashMap<>();
  private final String run;
  private final AtomicInteger calls = new AtomicInteger();

  /** A step's expectation that did not hold. */
  private static final class Failure extends Exception {
    private static final long serialVersionUID = 1L;

    Failure(String message) {
      super(message);
    }
  }

  private Runner() {
    String baseUrl = env("BAHI_CONFORMANCE_BASE_URL");
    this.run = env("BAHI_CONFORMANCE_RUN");
    String direct = System.getenv("BAHI_CONFORMANCE_DIRECT_URL");
    addClients(clients, baseUrl);
    // Steps marked `direct` reach the server itself, not Prism (see the scenario's README).
    addClients(directClients, direct == null || direct.isEmpty() ? baseUrl : direct);
  }

  private static void addClients(Map<String, Bahi> into, String baseUrl) {
    String apiKey = env("BAHI_CONFORMANCE_API_KEY");
    String rateLimited = env("BAHI_CONFORMANCE_RATE_LIMITED_KEY");
    into.put("main", Bahi.builder().apiKey(apiKey).baseUrl(baseUrl).build());
    // sk_test_ and 43 characters that are no key.
    String unknown = "sk_test_" + "0".repeat(43);
    into.put("invalid_key", Bahi.builder().apiKey(unknown).baseUrl(baseUrl).build());
    into.put(
        "restricted",
        Bahi.builder().apiKey(env("BAHI_CONFORMANCE_RESTRICTED_KEY")).baseUrl(baseUrl).build());
    into.put(
        "rate_limited_no_retries",
        Bahi.builder().apiKey(rateLimited).baseUrl(baseUrl).maxRetries(0).build());
    into.put(
        "rate_limited", Bahi.builder().apiKey(rateLimited).baseUrl(baseUrl).maxRetries(2).build());
  }

  /**
   * Runs the scenario.
   *
   * @param args none
   * @throws IOException when the scenario cannot be read
   */
  public static void main(String[] args) throws IOException {
    if (args.length > 0) throw new IllegalArgumentException("unknown option " + args[0]);
    System.exit(new Runner().runAll());
  }

  private static String env(String name) {
    String value = System.getenv(name);
    if (value == null || value.isEmpty()) {
      throw new IllegalStateException(name + " is not set: run me through with-server.mjs");
    }
    return value;
  }

  private int runAll() throws IOException {
    JsonNode scenario = mapper.readTree(new File(env("BAHI_CONFORMANCE_SCENARIO")));
    int passed = 0;
    int failed = 0;
    for (JsonNode step : scenario.path("steps")) {
      String name = step.path("name").asText();
      long started = System.nanoTime();
      calls.set(0);
      try {
        if (step.has("webhook")) webhook(step);
        else call(step);
        System.out.printf("ok   %s (%s)%n", name, took(started));
        passed++;
      } catch (Failure | RuntimeException e) {
        System.out.printf("FAIL %s (%s): %s%n", name, took(started), e.getMessage());
        if (e instanceof RuntimeException) e.printStackTrace(System.out);
        failed++;
      }
    }
    System.out.println("conformance: " + passed + " passed, " + failed + " failed");
    return failed == 0 ? 0 : 1;
  }

  private String took(long started) {
    double seconds = (System.nanoTime() - started) / 1e9;
    int n = calls.get();
    return String.format("%.2f s", seconds)
        + (n > 1 ? String.format(", %d calls, %.0f/s", n, n / seconds) : "");
  }

  // Calls.

  private void call(JsonNode step) throws Failure {
    Map<String, Bahi> from = step.path("direct").asBoolean(false) ? directClients : clients;
    Bahi client = from.get(step.path("client").asText("main"));
    if (client == null) throw new Failure("unknown client " + step.path("client"));
    JsonNode expect = step.path("expect");
    if (step.has("until_error")) {
      int max = step.path("until_error").path("max_calls").asInt();
      Outcome first = burst(client, step, max, outcome -> outcome.error != null);
      if (first == null) throw new Failure("no call failed in " + max + " calls");
      checkError(first.error, expect.path("error"));
      return;
    }
    if (step.has("until_slower_than")) {
      double seconds = step.path("until_slower_than").path("seconds").asDouble();
      int max = step.path("until_slower_than").path("max_calls").asInt();
      Outcome slow =
          burst(client, step, max, outcome -> outcome.error != null || outcome.seconds >= seconds);
      if (slow == null) throw new Failure("no call took " + seconds + " s in " + max + " calls");
      if (slow.error != null) {
        throw new Failure(
            "a call failed instead of waiting and retrying: " + slow.error.getMessage());
      }
      double most = expect.path("elapsed_at_most_seconds").asDouble(Double.MAX_VALUE);
      if (slow.seconds > most) {
        throw new Failure(String.format("took %.2f s, more than %.2f s", slow.seconds, most));
      }
      checkAnswer(slow.answer, expect);
      return;
    }
    int repeat = step.path("repeat").asInt(1);
    for (int i = 0; i < repeat; i++) {
      Object answer;
      try {
        answer = invoke(client, step);
      } catch (BahiException e) {
        if (expect.has("error")) {
          checkError(e, expect.path("error"));
          continue;
        }
        throw new Failure("failed: " + e.getClass().getSimpleName() + " " + e.getMessage());
      }
      if (expect.has("error"))
        throw new Failure("succeeded, but " + expect.path("error") + " was expected");
      checkAnswer(answer, expect);
      if (step.has("save")) saved.put(step.path("save").asText(), json(answer));
    }
  }

  /** One call of a burst: its answer or error, and how long it took. */
  private static final class Outcome {
    Object answer;
    BahiException error;
    double seconds;
  }

  /**
   * Calls again and again, from {@link #BURST} threads at once, until a call's outcome is {@code
   * wanted} or {@code max} calls are made; returns that outcome, or null. Several threads, because
   * the per-second limit of the 429 steps is more than one client waiting on each answer in turn
   * reaches on a busy machine or through Prism; then the per-minute limit is spent instead, whose
   * Retry-After is far longer than the scenario allows. The client is shared: it is thread-safe.
   */
  private Outcome burst(Bahi client, JsonNode step, int max, Predicate<Outcome> wanted)
      throws Failure {
    AtomicInteger left = new AtomicInteger(max);
    AtomicReference<Outcome> found = new AtomicReference<>();
    AtomicReference<Failure> broken = new AtomicReference<>();
    ExecutorService pool = Executors.newFixedThreadPool(BURST);
    for (int t = 0; t < BURST; t++) {
      pool.execute(
          () -> {
            while (found.get() == null && broken.get() == null && left.getAndDecrement() > 0) {
              Outcome outcome = new Outcome();
              long start = System.nanoTime();
              try {
                outcome.answer = invoke(client, step);
              } catch (BahiException e) {
                outcome.error = e;
              } catch (Failure e) {
                broken.compareAndSet(null, e);
              }
              outcome.seconds = (System.nanoTime() - start) / 1e9;
              if (wanted.test(outcome)) found.compareAndSet(null, outcome);
            }
          });
    }
    pool.shutdown();
    try {
      pool.awaitTermination(10, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (broken.get() != null) throw broken.get();
    return found.get();
  }

  /** Calls {@code client.<resource>().<method>(args..., params, options)} as the step says. */
  private Object invoke(Bahi client, JsonNode step) throws Failure {
    calls.incrementAndGet();
    String[] call = step.path("call").asText().split("\\.");
    List<String> args = new ArrayList<>();
    for (JsonNode arg : substitute(step.path("args"))) args.add(arg.asText());
    JsonNode params = step.has("params") ? substitute(step.get("params")) : null;
    RequestOptions options = null;
    if (step.has("idempotency_key")) {
      options =
          RequestOptions.builder()
              .idempotencyKey(substitute(step.get("idempotency_key")).asText())
              .build();
    }
    try {
      Object service = client.getClass().getMethod(camel(call[0])).invoke(client);
      Method method = method(service.getClass(), camel(call[1]), args.size());
      Object[] values = new Object[method.getParameterCount()];
      for (int i = 0; i < args.size(); i++) values[i] = args.get(i);
      if (values.length == args.size() + 2) {
        Class<?> type = method.getParameterTypes()[args.size()];
        values[args.size()] = params == null ? null : mapper.treeToValue(params, type);
      }
      values[values.length - 1] = options;
      return method.invoke(service, values);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException) throw (RuntimeException) e.getCause();
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException | IOException e) {
      throw new Failure("cannot call " + step.path("call").asText() + ": " + e);
    }
  }

  /** The full form of a method: its path arguments, then perhaps params, then RequestOptions. */
  private static Method method(Class<?> service, String name, int pathArgs) throws Failure {
    Method best = null;
    for (Method m : service.getMethods()) {
      Class<?>[] types = m.getParameterTypes();
      if (!m.getName().equals(name) || types.length < pathArgs + 1) continue;
      if (types[types.length - 1] != RequestOptions.class) continue;
      if (best == null || types.length > best.getParameterCount()) best = m;
    }
    if (best == null) throw new Failure(service.getSimpleName() + " has no method " + name);
    return best;
  }

  private static String camel(String name) {
    StringBuilder out = new StringBuilder();
    boolean upper = false;
    for (char c : name.toCharArray()) {
      if (c == '_') {
        upper = true;
        continue;
      }
      out.append(upper ? Character.toUpperCase(c) : c);
      upper = false;
    }
    return out.toString();
  }

  private JsonNode json(Object answer) throws Failure {
    if (answer instanceof BahiObject) return ((BahiObject) answer).toJson();
    throw new Failure("the answer is not an object of the API: " + answer);
  }

  // Expectations.

  private void checkAnswer(Object answer, JsonNode expect) throws Failure {
    if (expect.has("fields")) {
      JsonNode json = json(answer);
      for (Iterator<Map.Entry<String, JsonNode>> it = expect.get("fields").fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        JsonNode expected = substitute(field.getValue());
        JsonNode actual = at(json, field.getKey());
        if (!same(expected, actual)) {
          throw new Failure(field.getKey() + " is " + actual + ", expected " + expected);
        }
      }
    }
    if (expect.has("list")) {
      if (!(answer instanceof Page)) throw new Failure("the answer is not a list: " + answer);
      Page<?> page = (Page<?>) answer;
      JsonNode list = expect.get("list");
      if (list.has("first_page_count")
          && page.getData().size() != list.get("first_page_count").asInt()) {
        throw new Failure("the first page held " + page.getData().size() + " items");
      }
      if (list.has("has_more") && page.hasMore() != list.get("has_more").asBoolean()) {
        throw new Failure("the first page's has_more is " + page.hasMore());
      }
      int count = 0;
      Set<String> ids = new HashSet<>();
      boolean distinct = true;
      for (Object item : page) {
        count++;
        distinct &= ids.add(json(item).path("id").asText());
      }
      if (list.has("count") && count != list.get("count").asInt()) {
        throw new Failure("auto-pagination yielded " + count + " items");
      }
      if (list.path("distinct_ids").asBoolean(false) && !distinct)
        throw new Failure("an id repeats");
    }
  }

  private static void checkError(BahiException e, JsonNode expected) throws Failure {
    String what = e.getClass().getSimpleName() + " " + e.getMessage();
    if (expected.has("status")
        && (e.getStatus() == null || e.getStatus() != expected.get("status").asInt())) {
      throw new Failure("failed with " + what + ", expected status " + expected.get("status"));
    }
    Class<? extends BahiException> kind = KINDS.get(expected.path("kind").asText());
    if (expected.has("kind") && (kind == null || !kind.isInstance(e))) {
      throw new Failure(
          "failed with " + what + ", expected the " + expected.get("kind") + " error");
    }
    if (expected.has("code") && !expected.get("code").asText().equals(e.getCode())) {
      throw new Failure("failed with code " + e.getCode() + ", expected " + expected.get("code"));
    }
    if (expected.has("pointer")) {
      String pointer = expected.get("pointer").asText();
      boolean named = false;
      for (FieldError error : e.getErrors()) named |= pointer.equals(error.getPointer());
      if (!named) throw new Failure("no field error at " + pointer + " in " + e.getErrors());
    }
    if (expected.has("retry_after_at_least")) {
      long least = expected.get("retry_after_at_least").asLong();
      java.time.Duration retryAfter = ((RateLimitException) e).getRetryAfter();
      if (retryAfter == null || retryAfter.getSeconds() < least) {
        throw new Failure("Retry-After is " + retryAfter + ", expected at least " + least + " s");
      }
    }
  }

  /** Equality, with numbers compared as exact decimals (354 equals 354.00). */
  private static boolean same(JsonNode expected, JsonNode actual) {
    if (actual == null) return expected == null || expected.isNull();
    if (expected.isNumber() && actual.isNumber()) {
      return expected.decimalValue().compareTo(actual.decimalValue()) == 0;
    }
    return expected.equals(actual);
  }

  /** The value at a dotted path ({@code items.0.sku}), or null. */
  private static JsonNode at(JsonNode json, String path) {
    JsonNode node = json;
    for (String part : path.split("\\.")) {
      if (node == null) return null;
      node =
          node.isArray() && part.matches("\\d+")
              ? node.get(Integer.parseInt(part))
              : node.get(part);
    }
    return node;
  }

  /**
   * {@code ${run}} and {@code ${name.path}} resolved; a string that is one reference takes its
   * type.
   */
  private JsonNode substitute(JsonNode value) throws Failure {
    if (value == null) return null;
    if (value.isTextual()) {
      String text = value.asText();
      Matcher whole = REFERENCE.matcher(text);
      if (whole.matches()) return reference(whole.group(1));
      Matcher m = REFERENCE.matcher(text);
      StringBuilder out = new StringBuilder();
      while (m.find())
        m.appendReplacement(out, Matcher.quoteReplacement(reference(m.group(1)).asText()));
      m.appendTail(out);
      return TextNode.valueOf(out.toString());
    }
    if (value.isObject()) {
      ObjectNode copy = mapper.createObjectNode();
      for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        copy.set(field.getKey(), substitute(field.getValue()));
      }
      return copy;
    }
    if (value.isArray()) {
      ArrayNode copy = mapper.createArrayNode();
      for (JsonNode element : value) copy.add(substitute(element));
      return copy;
    }
    return value;
  }

  private JsonNode reference(String name) throws Failure {
    if (name.equals("run")) return TextNode.valueOf(run);
    int dot = name.indexOf('.');
    JsonNode answer = saved.get(dot < 0 ? name : name.substring(0, dot));
    JsonNode value = answer == null ? null : dot < 0 ? answer : at(answer, name.substring(dot + 1));
    if (value == null) throw new Failure("${" + name + "} names nothing saved");
    return value;
  }

  // Webhooks.

  private void webhook(JsonNode step) throws Failure, IOException {
    String kind = step.path("webhook").asText();
    if (kind.equals("vectors")) {
      JsonNode vectors = mapper.readTree(new File(env("BAHI_CONFORMANCE_VECTORS")));
      List<String> wrong = new ArrayList<>();
      for (JsonNode vector : vectors.path("vectors")) {
        Clock clock =
            Clock.fixed(Instant.ofEpochSecond(vector.path("now").asLong()), ZoneOffset.UTC);
        boolean valid =
            verifies(
                WebhookSignature.verifier(vector.path("secret").asText()).clock(clock),
                vector.path("body").asText(),
                headers(vector.path("headers")));
        if (valid != vector.path("valid").asBoolean())
          wrong.add(vector.path("name").asText() + " (" + valid + ")");
      }
      if (!wrong.isEmpty()) throw new Failure("wrong verdict on " + wrong);
      return;
    }
    JsonNode delivery =
        mapper.readTree(
            Files.readString(Path.of(env("BAHI_CONFORMANCE_WEBHOOK")), StandardCharsets.UTF_8));
    String body = delivery.path("body").asText();
    if (kind.equals("delivered_reserialised")) {
      body =
          mapper
              .copy()
              .enable(SerializationFeature.INDENT_OUTPUT)
              .writeValueAsString(mapper.readTree(body));
    } else if (!kind.equals("delivered")) {
      throw new Failure("unknown webhook step " + kind);
    }
    boolean valid;
    try {
      WebhookSignature.verify(
          body, headers(delivery.path("headers")), delivery.path("secret").asText());
      valid = true;
    } catch (WebhookVerificationException e) {
      valid = false;
    }
    boolean expected = step.path("expect").path("valid").asBoolean();
    if (valid != expected)
      throw new Failure("the delivery " + (valid ? "verified" : "did not verify"));
  }

  private static boolean verifies(
      WebhookSignature.Verifier verifier, String body, Map<String, String> headers) {
    try {
      verifier.verify(body, headers);
      return true;
    } catch (WebhookVerificationException e) {
      return false;
    }
  }

  private static Map<String, String> headers(JsonNode json) {
    Map<String, String> headers = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> header = it.next();
      headers.put(header.getKey(), header.getValue().asText());
    }
    return headers;
  }
}
