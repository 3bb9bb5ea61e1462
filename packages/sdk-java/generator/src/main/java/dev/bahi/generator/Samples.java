package dev.bahi.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.googlejavaformat.java.Formatter;
import com.google.googlejavaformat.java.FormatterException;
import dev.bahi.generator.Model.Operation;
import dev.bahi.generator.Model.PathParam;
import dev.bahi.generator.Model.Service;
import dev.bahi.generator.Types.ClassDecl;
import dev.bahi.generator.Types.Decl;
import dev.bahi.generator.Types.EnumDecl;
import dev.bahi.generator.Types.JType;
import dev.bahi.generator.Types.Kind;
import dev.bahi.generator.Types.Prop;
import dev.bahi.generator.Types.UnionDecl;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One code sample per operation: import lines, a blank line, then statements that make a client
 * from {@code BAHI_API_KEY}, make the call with the contract's example request and use the answer
 * once. The path and query of the example come from the operation's curl sample, the body from its
 * request example.
 */
final class Samples {
  private static final Pattern URL = Pattern.compile("https?://[^\\s\"'\\\\]+");

  /** Fields a sample prints, in this order of preference, two at most. */
  private static final List<String> SHOWN = List.of("id", "number", "name", "status", "total");

  private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

  private final Model model;
  private final Set<String> imports = new TreeSet<>();

  private Samples(Model model) {
    this.model = model;
  }

  static String sample(Model model, Operation op, Formatter formatter) throws FormatterException {
    return new Samples(model).render(op, formatter);
  }

  private String render(Operation op, Formatter formatter) throws FormatterException {
    List<String> statements = new ArrayList<>();
    statements.add(
        use("dev.bahi.Bahi")
            + " client = Bahi.builder().apiKey(System.getenv(\"BAHI_API_KEY\")).build();");
    String call = call(op, statements);
    switch (op.answer) {
      case LIST:
        {
          String item = type(op.answerType);
          String var = variable(op.answerType);
          statements.add("for (" + item + " " + var + " : " + call + ") {");
          statements.add("System.out.println(" + shown(op.answerType, var) + ");");
          statements.add("}");
          break;
        }
      case BYTES:
        {
          String extension = op.accept.equals("application/pdf") ? ".pdf" : "";
          String file =
              Names.singular(op.service.chain.get(op.service.chain.size() - 1)) + extension;
          statements.add("byte[] content = " + call + ";");
          statements.add(
              use("java.nio.file.Files")
                  + ".write("
                  + use("java.nio.file.Path")
                  + ".of(\""
                  + file
                  + "\"), content);");
          break;
        }
      case TEXT:
        {
          String var = op.accept.contains("csv") ? "csv" : "text";
          statements.add("String " + var + " = " + call + ";");
          statements.add("System.out.println(" + var + ");");
          break;
        }
      default:
        {
          String var = variable(op.answerType);
          statements.add(type(op.answerType) + " " + var + " = " + call + ";");
          statements.add("System.out.println(" + shown(op.answerType, var) + ");");
        }
    }
    return format(statements, formatter);
  }

  /**
   * Formats the statements as the body of a method, then takes them out again, with their imports.
   */
  private String format(List<String> statements, Formatter formatter) throws FormatterException {
    StringBuilder unit = new StringBuilder();
    for (String imported : imports) unit.append("import ").append(imported).append(";\n");
    unit.append("class Sample {\nvoid sample() {\n");
    for (String statement : statements) unit.append(statement).append('\n');
    unit.append("}\n}\n");
    String formatted = formatter.formatSourceAndFixImports(unit.toString());
    StringBuilder out = new StringBuilder();
    List<String> body = new ArrayList<>();
    boolean inBody = false;
    for (String line : formatted.split("\n")) {
      if (line.startsWith("import ")) out.append(line).append('\n');
      else if (line.equals("  void sample() {")) inBody = true;
      else if (inBody && line.equals("  }")) inBody = false;
      else if (inBody) body.add(line.length() >= 4 ? line.substring(4) : line.trim());
    }
    out.append('\n');
    for (String line : body) out.append(line).append('\n');
    return out.toString();
  }

  private String use(String qualified) {
    imports.add(qualified);
    return qualified.substring(qualified.lastIndexOf('.') + 1);
  }

  private String ref(Decl decl) {
    Decl top = decl.top();
    imports.add(top.pkg + "." + top.name);
    return decl.ref();
  }

  private String type(JType type) {
    switch (type.kind) {
      case CLASS:
      case ENUM:
      case UNION:
        return ref(type.decl);
      case DECIMAL:
        return use("java.math.BigDecimal");
      case LIST:
        return use("java.util.List") + "<" + type(type.element) + ">";
      default:
        return "String";
    }
  }

  private static String variable(JType type) {
    if (type.decl == null) return "value";
    return Names.camel(type.decl.name);
  }

  /** What the sample prints of the answer: up to two telling fields, else its JSON. */
  private String shown(JType type, String var) {
    if (type.kind != Kind.CLASS) return var + ".toJson()";
    ClassDecl decl = (ClassDecl) type.decl;
    List<String> parts = new ArrayList<>();
    for (String field : SHOWN) {
      Prop prop = decl.props.get(field);
      if (prop != null && parts.size() < 2)
        parts.add(var + ".get" + Names.pascal(prop.java) + "()");
    }
    if (parts.isEmpty()) {
      for (Prop prop : decl.props.values()) {
        if (prop.required && prop.type.isScalar() && prop.constant == null && parts.size() < 2) {
          parts.add(var + ".get" + Names.pascal(prop.java) + "()");
        }
      }
    }
    if (parts.isEmpty()) return var + ".toJson()";
    return String.join(" + \" \" + ", parts);
  }

  // The call.

  private String call(Operation op, List<String> statements) {
    StringBuilder call = new StringBuilder("client");
    for (String segment : chainOf(op.service))
      call.append('.').append(Names.camel(segment)).append("()");
    call.append('.').append(op.javaName).append('(');
    List<String> args = new ArrayList<>();
    Map<String, String> path = new LinkedHashMap<>();
    Map<String, String> query = new LinkedHashMap<>();
    exampleUrl(op, path, query);
    for (PathParam param : op.pathParams) {
      String value = path.get(param.name);
      if (value == null) value = param.schema.path("example").asText("id");
      args.add(Render.literal(value));
    }
    if (op.params != null) {
      JsonNode example = op.body == Model.Body.NONE ? queryExample(op, query) : bodyExample(op);
      String params = null;
      if (example != null && example.size() > 0) params = value(op.params, example, false);
      else if (op.paramsRequired) params = ref(op.params.decl) + ".builder().build()";
      if (params != null) {
        // The params on a line of their own read better than a builder inside the call.
        statements.add(type(op.params) + " params = " + params + ";");
        args.add("params");
      }
    }
    return call.append(String.join(", ", args)).append(')').toString();
  }

  private static List<String> chainOf(Service service) {
    return service.chain;
  }

  /** The path and query values of the operation's curl sample, when it has one. */
  private static void exampleUrl(
      Operation op, Map<String, String> path, Map<String, String> query) {
    for (JsonNode sample : op.raw.path("x-codeSamples")) {
      if (!sample.path("lang").asText().equalsIgnoreCase("shell")
          && !sample.path("label").asText().equals("curl")) continue;
      Matcher url = URL.matcher(sample.path("source").asText());
      if (!url.find()) continue;
      String found = url.group();
      String pathPart = found.replaceFirst("^https?://[^/]+", "");
      String queryPart = "";
      int q = pathPart.indexOf('?');
      if (q >= 0) {
        queryPart = pathPart.substring(q + 1);
        pathPart = pathPart.substring(0, q);
      }
      String[] template = op.path.split("/");
      String[] actual = pathPart.split("/");
      if (template.length != actual.length) continue;
      for (int i = 0; i < template.length; i++) {
        if (template[i].startsWith("{"))
          path.put(template[i].substring(1, template[i].length() - 1), decode(actual[i]));
      }
      for (String pair : queryPart.split("&")) {
        if (pair.isEmpty()) continue;
        int eq = pair.indexOf('=');
        query.put(
            decode(eq < 0 ? pair : pair.substring(0, eq)),
            eq < 0 ? "" : decode(pair.substring(eq + 1)));
      }
      return;
    }
  }

  private static String decode(String value) {
    return URLDecoder.decode(value, StandardCharsets.UTF_8);
  }

  /** The curl sample's query as JSON of the params' types. */
  private static JsonNode queryExample(Operation op, Map<String, String> query) {
    ObjectNode json = NODES.objectNode();
    ClassDecl decl = (ClassDecl) op.params.decl;
    for (Map.Entry<String, String> entry : query.entrySet()) {
      Prop prop = decl.props.get(entry.getKey());
      if (prop == null) continue;
      String text = entry.getValue();
      switch (prop.type.kind) {
        case INTEGER:
          json.put(entry.getKey(), Long.parseLong(text));
          break;
        case DECIMAL:
          json.put(entry.getKey(), new java.math.BigDecimal(text));
          break;
        case BOOLEAN:
          json.put(entry.getKey(), Boolean.parseBoolean(text));
          break;
        default:
          json.put(entry.getKey(), text);
      }
    }
    return json;
  }

  private JsonNode bodyExample(Operation op) {
    JsonNode body = model.deref(op.raw.path("requestBody"));
    JsonNode media = body.path("content").path(op.bodyMediaType);
    for (JsonNode example : media.path("examples")) return model.deref(example).path("value");
    return media.has("example") ? media.get("example") : null;
  }

  // Values as Java expressions of their types.

  /**
   * A Java expression of {@code json} as {@code type}; {@code element} when it is a list's element
   * (no overloads to lean on there, so a whole decimal is a BigDecimal too).
   */
  private String value(JType type, JsonNode json, boolean element) {
    if (json == null || json.isNull()) return "(" + type(type) + ") null";
    switch (type.kind) {
      case DECIMAL:
        String digits = json.decimalValue().toPlainString();
        if (!element && json.isIntegralNumber() && json.canConvertToLong()) return digits;
        return "new " + use("java.math.BigDecimal") + "(" + Render.literal(digits) + ")";
      case INTEGER:
        return json.asText() + (element || type.nullable ? "L" : "");
      case BOOLEAN:
        return json.asText();
      case DATE:
        return use("java.time.LocalDate") + ".parse(" + Render.literal(json.asText()) + ")";
      case DATETIME:
        return use("java.time.OffsetDateTime") + ".parse(" + Render.literal(json.asText()) + ")";
      case ENUM:
        {
          Map<String, String> constants = Render.enumConstants((EnumDecl) type.decl);
          String constant = constants.get(json.asText());
          return constant != null ? ref(type.decl) + "." + constant : Render.literal(json.asText());
        }
      case BINARY:
        return use("java.nio.file.Path") + ".of(\"products.csv\")";
      case CLASS:
        return object((ClassDecl) type.decl, json);
      case UNION:
        return object(variant((UnionDecl) type.decl, json), json);
      case LIST:
        {
          List<String> elements = new ArrayList<>();
          for (JsonNode e : json) elements.add(value(type.element, e, true));
          return use("java.util.List") + ".of(" + String.join(", ", elements) + ")";
        }
      case STRING:
      default:
        return Render.literal(json.isTextual() ? json.asText() : json.toString());
    }
  }

  private String object(ClassDecl decl, JsonNode json) {
    StringBuilder out = new StringBuilder(ref(decl)).append(".builder()");
    for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      Prop prop = decl.props.get(field.getKey());
      if (prop == null || prop.constant != null || prop.type.kind == Kind.JSON) continue;
      if (prop.type.kind == Kind.LIST && field.getValue().isArray()) {
        String adder = "add" + Names.pascal(Names.singular(prop.java));
        for (JsonNode e : field.getValue())
          out.append('.')
              .append(adder)
              .append('(')
              .append(value(prop.type.element, e, true))
              .append(')');
      } else if (prop.type.kind == Kind.MAP && field.getValue().isObject()) {
        String putter = "put" + Names.pascal(Names.singular(prop.java));
        for (Iterator<Map.Entry<String, JsonNode>> entries = field.getValue().fields();
            entries.hasNext(); ) {
          Map.Entry<String, JsonNode> entry = entries.next();
          out.append('.')
              .append(putter)
              .append('(')
              .append(Render.literal(entry.getKey()))
              .append(", ")
              .append(value(prop.type.element, entry.getValue(), true))
              .append(')');
        }
      } else {
        out.append('.')
            .append(prop.java)
            .append('(')
            .append(value(prop.type, field.getValue(), false))
            .append(')');
      }
    }
    return out.append(".build()").toString();
  }

  /** The union's variant that an example is, chosen as the SDK's Unions.select chooses. */
  private static ClassDecl variant(UnionDecl union, JsonNode json) {
    ClassDecl best = union.variants.get(0);
    int bestScore = -1;
    for (ClassDecl variant : union.variants) {
      int score = 0;
      boolean constantsMatch = true;
      for (Map.Entry<String, String> c : variant.constants().entrySet()) {
        constantsMatch &= c.getValue().equals(json.path(c.getKey()).asText(null));
      }
      if (!constantsMatch) continue;
      boolean required =
          variant.props.values().stream().filter(p -> p.required).allMatch(p -> json.has(p.json));
      if (required) score += 2;
      boolean known = true;
      for (Iterator<String> names = json.fieldNames(); names.hasNext(); )
        known &= variant.props.containsKey(names.next());
      if (known) score += 1;
      if (score > bestScore) {
        best = variant;
        bestScore = score;
      }
    }
    return best;
  }
}
