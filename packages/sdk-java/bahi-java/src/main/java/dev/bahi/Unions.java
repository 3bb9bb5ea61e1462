package dev.bahi;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Picks the variant of a {@code oneOf} that a JSON object is, for the generated union types: by the
 * constants the variants fix (such as {@code "object": "invoice"}), then by their required fields.
 */
public final class Unions {
  private Unions() {}

  /**
   * One variant of a union.
   *
   * @param <T> the variant's type
   */
  public static final class Variant<T> {
    private final Function<JsonNode, ? extends T> decode;
    private final Map<String, String> constants;
    private final Set<String> required;
    private final Set<String> properties;

    private Variant(
        Function<JsonNode, ? extends T> decode,
        Map<String, String> constants,
        List<String> required,
        List<String> properties) {
      this.decode = decode;
      this.constants = constants;
      this.required = new LinkedHashSet<>(required);
      this.properties = new LinkedHashSet<>(properties);
    }
  }

  /**
   * Describes a variant.
   *
   * @param <T> the variant's type
   * @param decode makes the variant from its JSON
   * @param constants fields whose value the variant fixes
   * @param required fields the variant requires
   * @param properties every field the variant defines
   * @return the variant
   */
  public static <T> Variant<T> variant(
      Function<JsonNode, ? extends T> decode,
      Map<String, String> constants,
      List<String> required,
      List<String> properties) {
    return new Variant<>(decode, constants, required, properties);
  }

  /**
   * The variant that {@code json} is. A variant whose constants do not match is never chosen; of
   * the others, one whose required fields are all present and that defines every field present
   * wins, then one whose required fields are present, then the first.
   *
   * @param <T> the union's type
   * @param json the value
   * @param variants the union's variants, in the contract's order
   * @return the decoded variant
   * @throws IllegalArgumentException when no variant's constants match (a kind of object the API
   *     added after this version of the SDK: read it with {@code toJson()})
   */
  @SafeVarargs
  public static <T> T select(JsonNode json, Variant<? extends T>... variants) {
    Variant<? extends T> best = null;
    int bestScore = -1;
    for (Variant<? extends T> variant : variants) {
      int score = score(json, variant);
      if (score > bestScore) {
        best = variant;
        bestScore = score;
      }
    }
    if (best == null) {
      throw new IllegalArgumentException(
          "No variant of the union matches this JSON (newer than this SDK?): " + json);
    }
    return best.decode.apply(json);
  }

  private static int score(JsonNode json, Variant<?> variant) {
    for (Map.Entry<String, String> constant : variant.constants.entrySet()) {
      JsonNode value = json.get(constant.getKey());
      if (value == null || !Objects.equals(value.asText(), constant.getValue())) return -1;
    }
    int score = 0;
    boolean allRequired = true;
    for (String field : variant.required) allRequired &= json.has(field);
    if (allRequired) score += 2;
    boolean allKnown = true;
    for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
      allKnown &= variant.properties.contains(names.next());
    }
    if (allKnown) score += 1;
    return score;
  }
}
