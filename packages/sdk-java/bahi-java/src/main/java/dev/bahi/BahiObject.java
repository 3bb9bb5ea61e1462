package dev.bahi;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * An object of the API, a model or the params of a call, held as the JSON it is. Getters read from
 * that JSON on each call; so a field the API added after this SDK version is kept (see {@link
 * #toJson()}), amounts keep their exact decimals, and a params object sends exactly the fields that
 * were set, an explicit {@code null} included.
 */
public abstract class BahiObject {
  private static final JsonNodeFactory NODES = Json.MAPPER.getNodeFactory();

  /** Fields whose value must never reach a log: the secrets of keys and webhooks. */
  private static final String SECRET_FIELD = "secret";

  private final ObjectNode json;

  /**
   * Wraps an object's JSON; the generated classes' {@code fromJson} is the way to make one.
   *
   * @param json the object's fields
   */
  protected BahiObject(ObjectNode json) {
    this.json = Objects.requireNonNull(json, "json");
  }

  /**
   * The object as JSON: every field, also those this version of the SDK has no getter for.
   *
   * @return a copy of the object's JSON
   */
  @JsonValue
  public ObjectNode toJson() {
    return json.deepCopy();
  }

  /**
   * Whether the JSON holds this field, even as {@code null}; tells "absent" from "null".
   *
   * @param field the JSON name of the field, e.g. {@code "due_date"}
   * @return whether the field is present
   */
  public boolean hasField(String field) {
    return json.has(field);
  }

  /**
   * The JSON of one field, a copy, or {@code null} when absent.
   *
   * @param field the JSON name of the field
   * @return the field's JSON
   */
  public JsonNode getField(String field) {
    JsonNode value = json.get(field);
    return value == null ? null : value.deepCopy();
  }

  @Override
  public boolean equals(Object other) {
    return other != null
        && other.getClass() == getClass()
        && ((BahiObject) other).json.equals(json);
  }

  @Override
  public int hashCode() {
    return json.hashCode();
  }

  /** The class and its JSON, with secrets (a key's or a webhook's {@code secret}) masked. */
  @Override
  public String toString() {
    return getClass().getSimpleName() + redacted(json);
  }

  private static JsonNode redacted(JsonNode node) {
    if (node.isObject()) {
      ObjectNode copy = NODES.objectNode();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        boolean secret = field.getKey().equals(SECRET_FIELD) && field.getValue().isTextual();
        copy.set(
            field.getKey(), secret ? NODES.textNode("[redacted]") : redacted(field.getValue()));
      }
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = NODES.arrayNode();
      node.forEach(element -> copy.add(redacted(element)));
      return copy;
    }
    return node;
  }

  // Readers for the generated getters. Each answers null for an absent or null field.

  /**
   * The JSON object that {@code fromJson} wraps, or an error for anything else.
   *
   * @param json what was given
   * @param type the class being made, for the message
   * @return the object node
   */
  protected static ObjectNode requireObject(JsonNode json, Class<?> type) {
    if (json instanceof ObjectNode) return (ObjectNode) json;
    throw new IllegalArgumentException(
        "A " + type.getSimpleName() + " is a JSON object, not " + describe(json));
  }

  private static String describe(JsonNode json) {
    return json == null ? "nothing" : json.getNodeType().toString().toLowerCase();
  }

  /**
   * A field decoded by {@code decode}.
   *
   * @param <T> the field's type
   * @param field the JSON name
   * @param decode turns the field's JSON into its value
   * @return the value, or null
   */
  protected final <T> T get(String field, Function<JsonNode, T> decode) {
    JsonNode value = json.get(field);
    return value == null || value.isNull() ? null : decode.apply(value);
  }

  /**
   * A list field, each element decoded by {@code decode}.
   *
   * @param <T> the elements' type
   * @param field the JSON name
   * @param decode turns an element's JSON into its value
   * @return an unmodifiable list, or null
   */
  protected final <T> List<T> getList(String field, Function<JsonNode, T> decode) {
    return get(field, value -> asList(value, decode));
  }

  /**
   * A map field (an object whose keys are data), each value decoded by {@code decode}.
   *
   * @param <T> the values' type
   * @param field the JSON name
   * @param decode turns a value's JSON into its value
   * @return an unmodifiable map in the JSON's order, or null
   */
  protected final <T> Map<String, T> getMap(String field, Function<JsonNode, T> decode) {
    return get(field, value -> asMap(value, decode));
  }

  /**
   * @param <T> the elements' type
   * @param json a JSON array
   * @param decode turns an element's JSON into its value
   * @return the decoded elements, unmodifiable
   */
  protected static <T> List<T> asList(JsonNode json, Function<JsonNode, T> decode) {
    List<T> list = new ArrayList<>(json.size());
    for (JsonNode element : json) list.add(element.isNull() ? null : decode.apply(element));
    return Collections.unmodifiableList(list);
  }

  /**
   * @param <T> the values' type
   * @param json a JSON object
   * @param decode turns a value's JSON into its value
   * @return the decoded entries, unmodifiable, in the JSON's order
   */
  protected static <T> Map<String, T> asMap(JsonNode json, Function<JsonNode, T> decode) {
    Map<String, T> map = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      JsonNode value = entry.getValue();
      map.put(entry.getKey(), value.isNull() ? null : decode.apply(value));
    }
    return Collections.unmodifiableMap(map);
  }

  /**
   * @param json a JSON string (or any scalar, as its text)
   * @return its text
   */
  protected static String asString(JsonNode json) {
    return json.isValueNode() ? json.asText() : json.toString();
  }

  /**
   * An exact decimal: from the number's digits as the API wrote them, never through a double.
   *
   * @param json a JSON number (or a string of one)
   * @return the decimal
   */
  protected static BigDecimal asDecimal(JsonNode json) {
    return json.isNumber() ? json.decimalValue() : new BigDecimal(json.asText().trim());
  }

  /**
   * @param json a JSON integer (or a string of one)
   * @return the integer
   */
  protected static Long asLong(JsonNode json) {
    return json.isIntegralNumber() ? json.longValue() : asDecimal(json).longValueExact();
  }

  /**
   * @param json a JSON boolean (or the string {@code "true"})
   * @return the boolean
   */
  protected static Boolean asBoolean(JsonNode json) {
    return json.isBoolean() ? json.booleanValue() : Boolean.parseBoolean(json.asText());
  }

  /**
   * @param json a {@code YYYY-MM-DD} string
   * @return the date
   */
  protected static LocalDate asDate(JsonNode json) {
    return LocalDate.parse(json.asText());
  }

  /**
   * @param json an RFC 3339 timestamp
   * @return the timestamp
   */
  protected static OffsetDateTime asDateTime(JsonNode json) {
    return OffsetDateTime.parse(json.asText());
  }

  /**
   * @param json any JSON
   * @return a copy of it
   */
  protected static JsonNode asJson(JsonNode json) {
    return json.deepCopy();
  }

  /**
   * The JSON of a value given to a builder: exact decimals, dates as the API writes them, nested
   * objects as their JSON, enumeration constants as their string.
   */
  static JsonNode toNode(Object value) {
    if (value == null) return NODES.nullNode();
    if (value instanceof JsonNode) return ((JsonNode) value).deepCopy();
    if (value instanceof String) return NODES.textNode((String) value);
    if (value instanceof BigDecimal) return NODES.numberNode((BigDecimal) value);
    if (value instanceof Long || value instanceof Integer) {
      return NODES.numberNode(((Number) value).longValue());
    }
    if (value instanceof Boolean) return NODES.booleanNode((Boolean) value);
    if (value instanceof LocalDate) return NODES.textNode(value.toString());
    if (value instanceof OffsetDateTime) {
      // RFC 3339 in UTC with seconds, which OffsetDateTime.toString() leaves out when they are 0.
      return NODES.textNode(
          DateTimeFormatter.ISO_INSTANT.format(((OffsetDateTime) value).toInstant()));
    }
    if (value instanceof BahiObject) return ((BahiObject) value).json.deepCopy();
    if (value instanceof ApiEnum) {
      String text = ((ApiEnum) value).getValue();
      if (text == null) throw new IllegalArgumentException("_UNKNOWN cannot be sent");
      return NODES.textNode(text);
    }
    if (value instanceof FileUpload) return NODES.pojoNode(value);
    if (value instanceof Iterable) {
      ArrayNode array = NODES.arrayNode();
      for (Object element : (Iterable<?>) value) array.add(toNode(element));
      return array;
    }
    if (value instanceof Map) {
      ObjectNode object = NODES.objectNode();
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
        object.set(String.valueOf(entry.getKey()), toNode(entry.getValue()));
      }
      return object;
    }
    throw new IllegalArgumentException("Not a value of the API: " + value.getClass().getName());
  }

  /** The JSON that {@code object} holds, shared, for the transport (which only reads it). */
  static ObjectNode jsonOf(BahiObject object) {
    return object.json;
  }

  /**
   * The base of the generated builders: each setter stores its field's JSON.
   *
   * @param <B> the concrete builder, returned by each setter
   */
  public abstract static class Builder<B extends Builder<B>> {
    private final ObjectNode json;

    /** An empty builder. */
    protected Builder() {
      this.json = NODES.objectNode();
    }

    /**
     * A builder starting from an object's fields, for {@code toBuilder()}.
     *
     * @param from the object to copy
     */
    protected Builder(BahiObject from) {
      this.json = from.json.deepCopy();
    }

    /**
     * @return this builder, typed as the concrete builder
     */
    protected abstract B self();

    /**
     * Sets a field: {@code null} sends an explicit JSON {@code null}, which clears a nullable field
     * in an update.
     *
     * @param field the JSON name
     * @param value the value (a string, BigDecimal, long, boolean, date, model, enum, list or map)
     * @return this builder
     */
    protected final B set(String field, Object value) {
      json.set(field, toNode(value));
      return self();
    }

    /**
     * Appends to a list field, making the list when it is absent.
     *
     * @param field the JSON name
     * @param value the element
     * @return this builder
     */
    protected final B add(String field, Object value) {
      JsonNode list = json.get(field);
      if (!(list instanceof ArrayNode)) list = json.putArray(field);
      ((ArrayNode) list).add(toNode(value));
      return self();
    }

    /**
     * Puts an entry into a map field, making the map when it is absent.
     *
     * @param field the JSON name
     * @param key the entry's key
     * @param value the entry's value
     * @return this builder
     */
    protected final B put(String field, String key, Object value) {
      JsonNode map = json.get(field);
      if (!(map instanceof ObjectNode)) map = json.putObject(field);
      ((ObjectNode) map).set(key, toNode(value));
      return self();
    }

    /**
     * Sets a field this version of the SDK does not know (one the API added since), as JSON; it is
     * sent exactly as given.
     *
     * @param field the JSON name
     * @param value the field's JSON
     * @return this builder
     */
    public final B putAdditionalField(String field, JsonNode value) {
      json.set(field, value == null ? NODES.nullNode() : value.deepCopy());
      return self();
    }

    /**
     * Removes a field that was set, so that it is not sent at all.
     *
     * @param field the JSON name
     * @return this builder
     */
    public final B removeField(String field) {
      json.remove(field);
      return self();
    }

    /**
     * @return a copy of the fields set so far
     */
    protected final ObjectNode json() {
      return json.deepCopy();
    }
  }
}
