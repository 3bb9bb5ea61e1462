package dev.bahi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bahi.models.Event;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures, as Bahi signs its deliveries ({@code webhook-id}, {@code
 * webhook-timestamp}, {@code webhook-signature}).
 *
 * <pre>{@code
 * Event event = WebhookSignature.verify(rawBody, headers, System.getenv("BAHI_WEBHOOK_SECRET"));
 * }</pre>
 *
 * <p>Pass the body exactly as it arrived, as bytes or the string of them: JSON that a framework
 * parsed and wrote again no longer matches the signature.
 */
public final class WebhookSignature {
  /** How far a delivery's {@code webhook-timestamp} may be from now, either way, by default. */
  public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);

  private static final String SECRET_PREFIX = "whsec_";
  private static final String HMAC = "HmacSHA256";

  private WebhookSignature() {}

  /**
   * Verifies a delivery with the default tolerance and the system clock, and returns its event.
   *
   * @param body the raw body, as received
   * @param headers the delivery's headers, names in any case; values a {@code String} or a
   *     collection of them (as servlet and Spring header maps have)
   * @param secret the webhook's signing secret, {@code whsec_…}
   * @return the event the delivery carries
   * @throws WebhookVerificationException when the delivery is not provably from Bahi, or not recent
   */
  public static Event verify(byte[] body, Map<String, ?> headers, String secret) {
    return verifier(secret).verify(body, headers);
  }

  /**
   * As {@link #verify(byte[], Map, String)}, for a body held as the UTF-8 string it was sent as.
   *
   * @param body the raw body, as received
   * @param headers the delivery's headers
   * @param secret the webhook's signing secret
   * @return the event the delivery carries
   */
  public static Event verify(String body, Map<String, ?> headers, String secret) {
    return verifier(secret).verify(body, headers);
  }

  /**
   * A verifier for one secret, whose tolerance and clock can be set.
   *
   * @param secret the webhook's signing secret, {@code whsec_…}
   * @return the verifier
   */
  public static Verifier verifier(String secret) {
    return new Verifier(secret, DEFAULT_TOLERANCE, Clock.systemUTC());
  }

  /**
   * Signs a body as Bahi does, for testing a webhook endpoint.
   *
   * @param body the body to send
   * @param secret the signing secret, {@code whsec_…}
   * @param id the delivery's {@code webhook-id} (Bahi uses the event's id)
   * @param timestamp when it is sent
   * @return the three headers, by their lower-case names
   */
  public static Map<String, String> sign(String body, String secret, String id, Instant timestamp) {
    String seconds = Long.toString(timestamp.getEpochSecond());
    byte[] mac = mac(key(secret), id, seconds, body.getBytes(StandardCharsets.UTF_8));
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("webhook-id", id);
    headers.put("webhook-timestamp", seconds);
    headers.put("webhook-signature", "v1," + Base64.getEncoder().encodeToString(mac));
    return headers;
  }

  /**
   * Verifies deliveries signed with one secret. Immutable; {@code tolerance} and {@code clock}
   * copy.
   */
  public static final class Verifier {
    private final byte[] key;
    private final Duration tolerance;
    private final Clock clock;

    private Verifier(String secret, Duration tolerance, Clock clock) {
      this(key(secret), tolerance, clock);
    }

    private Verifier(byte[] key, Duration tolerance, Clock clock) {
      this.key = key;
      this.tolerance = tolerance;
      this.clock = clock;
    }

    /**
     * @param tolerance how far the timestamp may be from now, either way
     * @return a verifier with that tolerance
     */
    public Verifier tolerance(Duration tolerance) {
      return new Verifier(key, Objects.requireNonNull(tolerance), clock);
    }

    /**
     * @param clock the clock that says what "now" is (a fixed one, for tests)
     * @return a verifier with that clock
     */
    public Verifier clock(Clock clock) {
      return new Verifier(key, tolerance, Objects.requireNonNull(clock));
    }

    /**
     * Verifies a delivery and returns its event.
     *
     * @param body the raw body, as received
     * @param headers the delivery's headers, names in any case
     * @return the event the delivery carries
     * @throws WebhookVerificationException when it is not provably from Bahi, or not recent
     */
    public Event verify(byte[] body, Map<String, ?> headers) {
      return verify(
          body,
          header(headers, "webhook-id"),
          header(headers, "webhook-timestamp"),
          header(headers, "webhook-signature"));
    }

    /**
     * @param body the raw body, as the UTF-8 string it was sent as
     * @param headers the delivery's headers, names in any case
     * @return the event the delivery carries
     */
    public Event verify(String body, Map<String, ?> headers) {
      return verify(body.getBytes(StandardCharsets.UTF_8), headers);
    }

    /**
     * Verifies a delivery given its three headers' values.
     *
     * @param body the raw body
     * @param id {@code webhook-id}
     * @param timestamp {@code webhook-timestamp}
     * @param signatures {@code webhook-signature}: space-separated {@code v1,<base64>} entries
     * @return the event the delivery carries
     */
    public Event verify(byte[] body, String id, String timestamp, String signatures) {
      if (isBlank(id) || isBlank(timestamp) || isBlank(signatures)) {
        throw new WebhookVerificationException(
            "Missing webhook-id, webhook-timestamp or webhook-signature header: not a Bahi delivery");
      }
      long sentAt;
      try {
        if (!timestamp.matches("\\d{1,18}")) throw new NumberFormatException();
        sentAt = Long.parseLong(timestamp);
      } catch (NumberFormatException e) {
        throw new WebhookVerificationException(
            "webhook-timestamp \"" + timestamp + "\" is not Unix seconds");
      }
      long skew = clock.instant().getEpochSecond() - sentAt;
      if (Math.abs(skew) > tolerance.getSeconds()) {
        throw new WebhookVerificationException(
            "webhook-timestamp is "
                + Math.abs(skew)
                + " s "
                + (skew > 0 ? "old" : "ahead")
                + ", more than the "
                + tolerance.getSeconds()
                + " s tolerated");
      }
      byte[] expected = mac(key, id, timestamp, body);
      for (String signature : signatures.split(" ")) {
        int comma = signature.indexOf(',');
        if (comma < 0 || !signature.substring(0, comma).equals("v1")) continue;
        byte[] given;
        try {
          given = Base64.getDecoder().decode(signature.substring(comma + 1));
        } catch (IllegalArgumentException e) {
          continue;
        }
        // MessageDigest.isEqual takes the same time wherever the bytes differ.
        if (MessageDigest.isEqual(expected, given)) return event(body);
      }
      throw new WebhookVerificationException(
          "No webhook-signature matches the body and the secret");
    }
  }

  private static Event event(byte[] body) {
    try {
      JsonNode json = Json.MAPPER.readTree(body);
      if (json == null || !json.isObject()) throw new IOException("not a JSON object");
      return Event.fromJson(json);
    } catch (IOException e) {
      throw new WebhookVerificationException(
          "The signed body is not a JSON object: not a Bahi event", e);
    }
  }

  private static byte[] key(String secret) {
    if (secret == null) throw new WebhookVerificationException("No webhook secret given");
    String encoded =
        secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
    byte[] key;
    try {
      key = Base64.getDecoder().decode(encoded);
    } catch (IllegalArgumentException e) {
      throw new WebhookVerificationException(
          "The webhook secret is not `whsec_` followed by base64");
    }
    if (key.length == 0)
      throw new WebhookVerificationException("The webhook secret has no key after `whsec_`");
    return key;
  }

  /**
   * HMAC-SHA256 of what Standard Webhooks signs: {@code id.timestamp.} and the body's exact bytes.
   */
  private static byte[] mac(byte[] key, String id, String timestamp, byte[] body) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(new SecretKeySpec(key, HMAC));
      mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
      return mac.doFinal(body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
    }
  }

  private static String header(Map<String, ?> headers, String name) {
    for (Map.Entry<String, ?> entry : headers.entrySet()) {
      if (entry.getKey() == null || !entry.getKey().toLowerCase(Locale.ROOT).equals(name)) continue;
      Object value = entry.getValue();
      if (value instanceof String) return (String) value;
      if (value instanceof Iterable) {
        // Several header lines of one name are one list: join them as a single line would be.
        StringJoiner joined = new StringJoiner(" ");
        for (Object part : (Iterable<?>) value) joined.add(String.valueOf(part));
        return joined.toString();
      }
      if (value instanceof String[]) return String.join(" ", (String[]) value);
      return value == null ? null : value.toString();
    }
    return null;
  }

  private static boolean isBlank(String value) {
    return value == null || value.trim().isEmpty();
  }
}
