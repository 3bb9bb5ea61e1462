package dev.bahi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** One operation's request, as the generated services describe it to {@link ApiClient}. */
final class ApiRequest {
  enum BodyKind {
    NONE,
    JSON,
    MULTIPART
  }

  final String method;
  final String path;
  final List<String[]> query = new ArrayList<>();
  final String accept;
  private BodyKind bodyKind = BodyKind.NONE;
  private ObjectNode body;

  private ApiRequest(String method, String path, String accept) {
    this.method = method;
    this.path = path;
    this.accept = accept;
  }

  /**
   * A request of {@code method} to {@code template} with each {@code {name}} replaced, in order, by
   * a path argument, percent-encoded so that an id can never change the path.
   */
  static ApiRequest of(String method, String template, String accept, String... pathArgs) {
    StringBuilder path = new StringBuilder();
    int arg = 0;
    for (int i = 0; i < template.length(); ) {
      int open = template.indexOf('{', i);
      if (open < 0) {
        path.append(template, i, template.length());
        break;
      }
      int close = template.indexOf('}', open);
      path.append(template, i, open);
      String value = pathArgs[arg++];
      if (value == null || value.isEmpty()) {
        String name = template.substring(open + 1, close);
        throw new IllegalArgumentException("The path parameter " + name + " is required");
      }
      path.append(encode(value));
      i = close + 1;
    }
    return new ApiRequest(method, path.toString(), accept);
  }

  ApiRequest query(BahiObject params) {
    if (params == null) return this;
    ObjectNode json = BahiObject.jsonOf(params);
    for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      JsonNode value = field.getValue();
      if (value.isArray()) {
        // The contract's query arrays are form-style and exploded: a=1&a=2.
        for (JsonNode element : value) addQuery(field.getKey(), element);
      } else {
        addQuery(field.getKey(), value);
      }
    }
    return this;
  }

  private void addQuery(String name, JsonNode value) {
    if (value == null || value.isNull()) return;
    String text = value.isBigDecimal() ? value.decimalValue().toPlainString() : value.asText();
    if (value.isContainerNode()) text = value.toString();
    query.add(new String[] {name, text});
  }

  /** A copy with {@code name} set to {@code value}, replacing what the query had for it. */
  ApiRequest withQuery(String name, String value) {
    ApiRequest copy = new ApiRequest(method, path, accept);
    for (String[] pair : query) if (!pair[0].equals(name)) copy.query.add(pair);
    copy.query.add(new String[] {name, value});
    copy.bodyKind = bodyKind;
    copy.body = body;
    return copy;
  }

  ApiRequest jsonBody(BahiObject params) {
    bodyKind = BodyKind.JSON;
    body = params == null ? null : BahiObject.jsonOf(params);
    return this;
  }

  ApiRequest multipartBody(BahiObject params) {
    bodyKind = BodyKind.MULTIPART;
    body = params == null ? null : BahiObject.jsonOf(params);
    return this;
  }

  BodyKind bodyKind() {
    return body == null ? BodyKind.NONE : bodyKind;
  }

  ObjectNode body() {
    return body;
  }

  String pathAndQuery() {
    if (query.isEmpty()) return path;
    StringBuilder url = new StringBuilder(path);
    char separator = '?';
    for (String[] pair : query) {
      url.append(separator).append(encode(pair[0])).append('=').append(encode(pair[1]));
      separator = '&';
    }
    return url.toString();
  }

  /** Percent-encoding of a path segment or query component (a space as %20, never +). */
  static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
