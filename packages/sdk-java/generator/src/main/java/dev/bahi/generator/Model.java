package dev.bahi.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bahi.generator.Types.ClassDecl;
import dev.bahi.generator.Types.Decl;
import dev.bahi.generator.Types.EnumDecl;
import dev.bahi.generator.Types.JType;
import dev.bahi.generator.Types.Kind;
import dev.bahi.generator.Types.Prop;
import dev.bahi.generator.Types.UnionDecl;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The contract read as Java: a type per object, enumeration and union schema, and the operations
 * grouped into services by their paths.
 */
final class Model {
  static final String BASE = "dev.bahi";
  static final String MODELS = "dev.bahi.models";
  static final String PARAMS = "dev.bahi.params";

  private static final String SCHEMA_REF = "#/components/schemas/";
  private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");

  /** String enumerations that read well as Java enums; codes (state codes, "01") stay strings. */
  private static final Pattern ENUM_WORD = Pattern.compile("[A-Za-z][A-Za-z0-9_.\\-]*");

  private static final int MAX_ENUM_CONSTANTS = 50;

  final JsonNode spec;
  private final JsonNode schemas;
  private final Map<String, JType> named = new LinkedHashMap<>();
  final List<Decl> topLevel = new ArrayList<>();
  private final Set<String> topNames = new HashSet<>();
  private final Set<String> requestOnly;
  final List<Operation> operations = new ArrayList<>();
  final Service root = new Service(List.of(), "BahiResources");

  enum Body {
    NONE,
    JSON,
    MULTIPART
  }

  enum Answer {
    JSON,
    LIST,
    TEXT,
    /** A file that is not text (a PDF): its bytes. */
    BYTES
  }

  static final class PathParam {
    final String name;
    final String java;
    final String description;
    final JsonNode schema;

    PathParam(String name, String description, JsonNode schema) {
      this.name = name;
      this.java = Names.camel(name);
      this.description = description;
      this.schema = schema;
    }
  }

  static final class Operation {
    String id;
    String method;
    String path;
    String summary;
    String description;
    JsonNode raw;
    Service service;
    String javaName;
    final List<PathParam> pathParams = new ArrayList<>();
    Body body = Body.NONE;

    /** The query's params class, or the body's type. */
    JType params;

    boolean paramsRequired;
    Answer answer;

    /** The answer's type: for a list, its items'. */
    JType answerType;

    String accept;

    /** The media type whose example the code sample uses. */
    String bodyMediaType;
  }

  static final class Service {
    final List<String> chain;
    final String name;
    final List<Operation> operations = new ArrayList<>();
    final Map<String, Service> children = new LinkedHashMap<>();

    Service(List<String> chain, String name) {
      this.chain = chain;
      this.name = name;
    }

    String accessor() {
      return Names.camel(chain.get(chain.size() - 1));
    }

    /**
     * The noun with its last word plural, as the path has it: {@code Parties}, {@code
     * ProductImports}.
     */
    String plural() {
      StringBuilder noun = new StringBuilder();
      for (int i = 0; i < chain.size(); i++) {
        String segment = chain.get(i);
        noun.append(Names.pascal(i == chain.size() - 1 ? segment : Names.singular(segment)));
      }
      return noun.toString();
    }

    String noun() {
      StringBuilder noun = new StringBuilder();
      for (String segment : chain) noun.append(Names.pascal(Names.singular(segment)));
      return noun.toString();
    }
  }

  Model(JsonNode spec) {
    this.spec = spec;
    this.schemas = spec.path("components").path("schemas");
    for (Iterator<String> it = schemas.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      topNames.add(name);
      topNames.add(name + "Params");
    }
    this.requestOnly = requestOnlySchemas();
    Set<String> collections = collections();
    for (Iterator<Map.Entry<String, JsonNode>> paths = spec.path("paths").fields();
        paths.hasNext(); ) {
      Map.Entry<String, JsonNode> path = paths.next();
      for (String method : METHODS) {
        JsonNode op = path.getValue().get(method);
        if (op != null)
          operations.add(operation(path.getKey(), method, path.getValue(), op, collections));
      }
    }
    // Schemas no operation's answer names (the Problem of every error, its FieldError) are types
    // too.
    for (Iterator<String> it = schemas.fieldNames(); it.hasNext(); ) named(it.next());
  }

  // Reachability: a schema only requests use is a params class (InvoiceCreate →
  // InvoiceCreateParams).

  private Set<String> requestOnlySchemas() {
    Set<String> requests = new LinkedHashSet<>();
    Set<String> answers = new LinkedHashSet<>();
    for (JsonNode item : spec.path("paths")) {
      for (String method : METHODS) {
        JsonNode op = item.get(method);
        if (op == null) continue;
        collectSchemas(op.path("parameters"), requests, new HashSet<>());
        collectSchemas(item.path("parameters"), requests, new HashSet<>());
        collectSchemas(op.path("requestBody"), requests, new HashSet<>());
        collectSchemas(op.path("responses"), answers, new HashSet<>());
      }
    }
    requests.removeAll(answers);
    return requests;
  }

  private void collectSchemas(JsonNode node, Set<String> into, Set<String> seen) {
    if (node.isObject()) {
      JsonNode ref = node.get("$ref");
      if (ref != null && ref.isTextual() && !ref.asText().startsWith("#/components/examples/")) {
        if (seen.add(ref.asText())) {
          if (ref.asText().startsWith(SCHEMA_REF))
            into.add(ref.asText().substring(SCHEMA_REF.length()));
          collectSchemas(deref(node), into, seen);
        }
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        if (field.getKey().equals("examples") || field.getKey().equals("example")) continue;
        collectSchemas(field.getValue(), into, seen);
      }
    } else if (node.isArray()) {
      for (JsonNode element : node) collectSchemas(element, into, seen);
    }
  }

  /** A {@code $ref}'s target, or the node itself. */
  JsonNode deref(JsonNode node) {
    while (node != null && node.has("$ref")) {
      String ref = node.get("$ref").asText();
      JsonNode target = spec;
      for (String part : ref.substring(2).split("/"))
        target = target.path(part.replace("~1", "/").replace("~0", "~"));
      node = target;
    }
    return node;
  }

  // Paths → services.

  /** Literal path prefixes that an id follows somewhere: {@code /v1/products/imports} is one. */
  private Set<String> collections() {
    Set<String> prefixes = new HashSet<>();
    for (Iterator<String> it = spec.path("paths").fieldNames(); it.hasNext(); ) {
      String path = it.next();
      int param = path.indexOf("/{");
      while (param >= 0) {
        prefixes.add(path.substring(0, param));
        param = path.indexOf("/{", param + 1);
      }
    }
    return prefixes;
  }

  /**
   * The resource chain of a path: its first segment after {@code /v1}, then each following literal
   * segment that is itself a collection ({@code /v1/products/imports/{id}} → products, imports).
   */
  private static List<String> chain(String path, Set<String> collections) {
    String[] segments = path.replaceFirst("^/v\\d+/", "").split("/");
    List<String> chain = new ArrayList<>();
    chain.add(segments[0]);
    String prefix = path.substring(0, path.indexOf(segments[0]) + segments[0].length());
    for (int i = 1; i < segments.length; i++) {
      if (segments[i].startsWith("{")) break;
      prefix = prefix + "/" + segments[i];
      if (!collections.contains(prefix)) break;
      chain.add(segments[i]);
    }
    return chain;
  }

  private Service service(List<String> chain) {
    Service service = root;
    for (int i = 0; i < chain.size(); i++) {
      List<String> sub = chain.subList(0, i + 1);
      Service parent = service;
      service =
          parent.children.computeIfAbsent(
              chain.get(i),
              segment -> {
                Service s = new Service(List.copyOf(sub), null);
                return new Service(s.chain, s.noun() + "Service");
              });
    }
    return service;
  }

  /**
   * The method's name: the operationId less the service's noun ({@code cancelInvoice} → {@code
   * cancel}, {@code listWebhookDeliveries} → {@code listDeliveries}), and {@code del} for a delete,
   * as every Bahi SDK names it.
   */
  private static String methodName(String operationId, Service service) {
    String name = strip(operationId, service.plural());
    if (name.equals(operationId)) name = strip(operationId, service.noun());
    // A document's printable file is named by its format, as in the TypeScript SDK.
    if (name.equals("retrievePdf")) return "pdf";
    return name.equals("delete") ? "del" : name;
  }

  /** {@code operationId} less the first whole-word occurrence of {@code noun}. */
  private static String strip(String operationId, String noun) {
    String name = operationId;
    int at = operationId.indexOf(noun);
    while (at > 0) {
      int end = at + noun.length();
      if (end == operationId.length() || Character.isUpperCase(operationId.charAt(end))) {
        name = operationId.substring(0, at) + operationId.substring(end);
        break;
      }
      at = operationId.indexOf(noun, at + 1);
    }
    return name;
  }

  private Operation operation(
      String path, String method, JsonNode item, JsonNode raw, Set<String> collections) {
    Operation op = new Operation();
    op.id = raw.path("operationId").asText();
    op.method = method.toUpperCase();
    op.path = path;
    op.raw = raw;
    op.summary = raw.path("summary").asText(null);
    op.description = raw.path("description").asText(null);
    op.service = service(chain(path, collections));
    op.service.operations.add(op);
    op.javaName = methodName(op.id, op.service);
    String prefix = op.service.noun() + Names.pascal(op.javaName);

    List<JsonNode> parameters = new ArrayList<>();
    item.path("parameters").forEach(parameters::add);
    raw.path("parameters").forEach(parameters::add);
    ClassDecl query = null;
    for (JsonNode p : parameters) {
      JsonNode param = deref(p);
      String in = param.path("in").asText();
      String name = param.path("name").asText();
      if (in.equals("path")) {
        op.pathParams.add(
            new PathParam(name, param.path("description").asText(null), param.path("schema")));
      } else if (in.equals("query")) {
        if (query == null) {
          query = new ClassDecl(prefix + "Params", PARAMS);
          query.description = "The query of {@code " + op.id + "}.";
          declare(query, null);
        }
        boolean required = param.path("required").asBoolean(false);
        JType type = resolve(param.path("schema"), query, Names.pascal(name), PARAMS);
        query.props.put(
            name, new Prop(name, type, required, param.path("description").asText(null), null));
        op.paramsRequired |= required;
      }
    }
    if (query != null) op.params = JType.decl(query);

    JsonNode body = deref(raw.path("requestBody"));
    JsonNode content = body.path("content");
    if (content.has("application/json")) {
      op.body = Body.JSON;
      op.bodyMediaType = "application/json";
    } else if (content.has("multipart/form-data")) {
      op.body = Body.MULTIPART;
      op.bodyMediaType = "multipart/form-data";
    }
    if (op.body != Body.NONE) {
      JsonNode schema = content.path(op.bodyMediaType).path("schema");
      op.params = resolve(schema, null, prefix + "Params", PARAMS);
      op.paramsRequired = body.path("required").asBoolean(false);
    }

    for (Iterator<Map.Entry<String, JsonNode>> it = raw.path("responses").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> response = it.next();
      if (!response.getKey().startsWith("2")) continue;
      JsonNode answerContent = deref(response.getValue()).path("content");
      Iterator<String> types = answerContent.fieldNames();
      String mediaType = types.hasNext() ? types.next() : "application/json";
      op.accept = mediaType;
      if (!mediaType.contains("json")) {
        boolean text = mediaType.startsWith("text/");
        op.answer = text ? Answer.TEXT : Answer.BYTES;
        op.answerType = JType.of(text ? Kind.STRING : Kind.BINARY);
        break;
      }
      JType type =
          resolve(answerContent.path(mediaType).path("schema"), null, prefix + "Response", MODELS);
      JType items = listItems(type);
      boolean paged = query != null && query.props.containsKey("starting_after");
      if (items != null && paged) {
        op.answer = Answer.LIST;
        op.answerType = items;
      } else {
        op.answer = Answer.JSON;
        op.answerType = type;
      }
      break;
    }
    return op;
  }

  /** The items' type of a list page ({@code object, data, has_more, next_cursor}), else null. */
  private static JType listItems(JType type) {
    if (type.kind != Kind.CLASS) return null;
    Map<String, Prop> props = ((ClassDecl) type.decl).props;
    Prop data = props.get("data");
    if (data == null || data.type.kind != Kind.LIST) return null;
    if (!props.containsKey("has_more") || !props.containsKey("next_cursor")) return null;
    return data.type.element;
  }

  // Schemas → types.

  /** The type of a named schema, declared once. */
  private JType named(String name) {
    JType known = named.get(name);
    if (known != null) return known;
    JsonNode schema = schemas.path(name);
    if (isObject(schema)) {
      boolean params = requestOnly.contains(name);
      ClassDecl decl = new ClassDecl(params ? name + "Params" : name, params ? PARAMS : MODELS);
      decl.description = schema.path("description").asText(null);
      JType type = JType.decl(decl);
      named.put(name, type);
      declare(decl, null);
      fill(decl, schema);
      return type;
    }
    JType type = resolve(schema, null, name, MODELS);
    named.put(name, type);
    return type;
  }

  /** Whether a schema is an object with properties of its own, or all of other objects'. */
  private boolean isObject(JsonNode schema) {
    if (schema.has("properties")) return true;
    if (schema.has("oneOf") || schema.has("anyOf") || schema.has("enum")) return false;
    if ("object".equals(schema.path("type").asText()) && !schema.has("additionalProperties")) {
      return true;
    }
    if (schema.path("additionalProperties").isObject()) return false;
    if ("object".equals(schema.path("type").asText())) return true;
    for (JsonNode part : schema.path("allOf")) if (isObject(deref(part))) return true;
    return false;
  }

  private void declare(Decl decl, ClassDecl owner) {
    if (owner == null) {
      topLevel.add(decl);
    } else {
      decl.owner = owner;
      decl.pkg = owner.pkg;
      owner.nested.add(decl);
    }
  }

  /**
   * A free name for a type nested in {@code owner}: never its enclosing classes' nor a top-level
   * one's.
   */
  private String nestedName(ClassDecl owner, String name) {
    Set<String> taken = new HashSet<>(topNames);
    for (Decl d = owner; d != null; d = d.owner) taken.add(d.name);
    for (Decl sibling : owner.nested) taken.add(sibling.name);
    String candidate = name;
    for (int i = 2; taken.contains(candidate); i++)
      candidate = owner.name + name + (i > 2 ? i : "");
    return candidate;
  }

  /** The properties of an object schema, with those of its {@code allOf} parts. */
  private void fill(ClassDecl decl, JsonNode schema) {
    Map<String, JsonNode> props = new LinkedHashMap<>();
    Set<String> required = new LinkedHashSet<>();
    collectProps(schema, props, required);
    for (Map.Entry<String, JsonNode> entry : props.entrySet()) {
      JsonNode prop = entry.getValue();
      JsonNode target = deref(prop);
      String description = prop.path("description").asText(null);
      if (description == null) description = target.path("description").asText(null);
      String constant =
          prop.has("const") && prop.get("const").isTextual() ? prop.get("const").asText() : null;
      JType type = resolve(prop, decl, Names.pascal(entry.getKey()), decl.pkg);
      decl.props.put(
          entry.getKey(),
          new Prop(entry.getKey(), type, required.contains(entry.getKey()), description, constant));
    }
  }

  private void collectProps(JsonNode schema, Map<String, JsonNode> props, Set<String> required) {
    schema = deref(schema);
    for (JsonNode part : schema.path("allOf")) collectProps(part, props, required);
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      // A part that only narrows a property (a longer minLength) keeps the property's type.
      if (!props.containsKey(field.getKey())
          || field.getValue().has("$ref")
          || field.getValue().has("type")) {
        props.put(field.getKey(), field.getValue());
      }
    }
    for (JsonNode name : schema.path("required")) required.add(name.asText());
  }

  /**
   * The type of a schema. {@code owner} and {@code name} name the class, enum or union an inline
   * schema becomes: nested in {@code owner}, or top-level when it is null.
   */
  JType resolve(JsonNode schema, ClassDecl owner, String name, String pkg) {
    if (schema == null || schema.isMissingNode() || !schema.isObject()) return JType.of(Kind.JSON);
    if (schema.has("$ref")) {
      String ref = schema.get("$ref").asText();
      if (ref.startsWith(SCHEMA_REF)) return named(ref.substring(SCHEMA_REF.length()));
      return resolve(deref(schema), owner, name, pkg);
    }
    boolean nullable = false;
    String type = null;
    JsonNode types = schema.get("type");
    if (types != null && types.isArray()) {
      for (JsonNode t : types) {
        if (t.asText().equals("null")) nullable = true;
        else type = t.asText();
      }
    } else if (types != null) {
      type = types.asText();
      if (type.equals("null")) return JType.of(Kind.JSON).nullable(true);
    }
    if (schema.has("oneOf") || schema.has("anyOf")) {
      return oneOf(schema, owner, name, pkg).nullable(nullable || isNullableOneOf(schema));
    }
    if (schema.has("allOf")) {
      if (isObject(schema) && hasOwnProperties(schema))
        return inlineClass(schema, owner, name, pkg).nullable(nullable);
      JsonNode first = schema.get("allOf").get(0);
      return resolve(first, owner, name, pkg).nullable(nullable);
    }
    if (schema.has("enum")) {
      List<String> values = new ArrayList<>();
      boolean words = true;
      for (JsonNode value : schema.get("enum")) {
        if (value.isNull()) {
          nullable = true;
          continue;
        }
        if (!value.isTextual()) words = false;
        values.add(value.asText());
        if (!ENUM_WORD.matcher(value.asText()).matches()) words = false;
      }
      if ("number".equals(type)) return JType.decimal(null).nullable(nullable);
      if ("integer".equals(type)) return JType.of(Kind.INTEGER).nullable(nullable);
      if (words && !values.isEmpty() && values.size() <= MAX_ENUM_CONSTANTS) {
        EnumDecl decl =
            new EnumDecl(owner == null ? name : nestedName(owner, name), MODELS, values);
        decl.description = schema.path("description").asText(null);
        declare(decl, owner);
        return JType.decl(decl).nullable(nullable);
      }
      return JType.of(Kind.STRING).nullable(nullable);
    }
    if (type == null && schema.has("const")) {
      JsonNode value = schema.get("const");
      type =
          value.isTextual()
              ? "string"
              : value.isIntegralNumber()
                  ? "integer"
                  : value.isNumber() ? "number" : value.isBoolean() ? "boolean" : null;
    }
    if (type == null) {
      if (schema.has("properties")) type = "object";
      else if (schema.has("items")) type = "array";
      else return JType.of(Kind.JSON).nullable(nullable);
    }
    switch (type) {
      case "string":
        String format = schema.path("format").asText("");
        Kind kind =
            format.equals("date")
                ? Kind.DATE
                : format.equals("date-time")
                    ? Kind.DATETIME
                    : format.equals("binary") ? Kind.BINARY : Kind.STRING;
        return JType.of(kind).nullable(nullable);
      case "number":
        JsonNode decimals = schema.get("x-decimals");
        return JType.decimal(decimals == null ? null : decimals.asInt()).nullable(nullable);
      case "integer":
        return JType.of(Kind.INTEGER).nullable(nullable);
      case "boolean":
        return JType.of(Kind.BOOLEAN).nullable(nullable);
      case "array":
        return JType.list(resolve(schema.path("items"), owner, elementName(name), pkg))
            .nullable(nullable);
      case "object":
        if (schema.has("properties"))
          return inlineClass(schema, owner, name, pkg).nullable(nullable);
        JsonNode values = schema.get("additionalProperties");
        if (values != null && values.isObject()) {
          return JType.map(resolve(values, owner, name + "Value", pkg)).nullable(nullable);
        }
        return JType.of(Kind.JSON).nullable(nullable);
      default:
        return JType.of(Kind.JSON).nullable(nullable);
    }
  }

  private static String elementName(String name) {
    String singular = Names.singular(name);
    return singular.equals(name) ? name + "Item" : singular;
  }

  private boolean hasOwnProperties(JsonNode schema) {
    Map<String, JsonNode> inherited = new LinkedHashMap<>();
    JsonNode first = schema.get("allOf").get(0);
    collectProps(first, inherited, new HashSet<>());
    Map<String, JsonNode> all = new LinkedHashMap<>();
    collectProps(schema, all, new HashSet<>());
    return !inherited.keySet().containsAll(all.keySet());
  }

  private JType inlineClass(JsonNode schema, ClassDecl owner, String name, String pkg) {
    ClassDecl decl = new ClassDecl(owner == null ? name : nestedName(owner, name), pkg);
    decl.description = schema.path("description").asText(null);
    declare(decl, owner);
    fill(decl, schema);
    return JType.decl(decl);
  }

  private static boolean isNullableOneOf(JsonNode schema) {
    JsonNode variants = schema.has("oneOf") ? schema.get("oneOf") : schema.get("anyOf");
    for (JsonNode variant : variants) {
      if ("null".equals(variant.path("type").asText())
          || (variant.has("const") && variant.get("const").isNull())) return true;
    }
    return false;
  }

  /**
   * A variant that only adds constraints ({@code required}, {@code not}) to the schema around it.
   */
  private static boolean constraintOnly(JsonNode variant) {
    for (String key :
        List.of(
            "$ref", "type", "properties", "items", "enum", "const", "oneOf", "anyOf", "allOf")) {
      if (variant.has(key)) return false;
    }
    return true;
  }

  private JType oneOf(JsonNode schema, ClassDecl owner, String name, String pkg) {
    JsonNode variants = schema.has("oneOf") ? schema.get("oneOf") : schema.get("anyOf");
    List<JsonNode> rest = new ArrayList<>();
    for (JsonNode variant : variants) {
      boolean isNull =
          "null".equals(variant.path("type").asText())
              || (variant.has("const") && variant.get("const").isNull());
      if (!isNull && !constraintOnly(variant)) rest.add(variant);
    }
    if (rest.isEmpty()) {
      ObjectNode without = ((ObjectNode) schema).deepCopy();
      without.remove("oneOf");
      without.remove("anyOf");
      return resolve(without, owner, name, pkg);
    }
    if (rest.size() == 1) return resolve(rest.get(0), owner, name, pkg);
    List<JType> types = new ArrayList<>();
    for (int i = 0; i < rest.size(); i++)
      types.add(resolve(rest.get(i), owner, name + "Variant" + (i + 1), pkg));
    return merge(types, owner, name);
  }

  /**
   * One type for the variants of a union: an interface over classes, a list, or a shared scalar.
   */
  private JType merge(List<JType> types, ClassDecl owner, String name) {
    boolean classes = types.stream().allMatch(t -> t.kind == Kind.CLASS);
    if (classes) {
      String unionName = owner == null ? name : owner.ref().replace(".", "") + name;
      List<ClassDecl> variants = new ArrayList<>();
      for (JType t : types) variants.add((ClassDecl) t.decl);
      UnionDecl union = new UnionDecl(unionName, MODELS, variants);
      declare(union, null);
      for (ClassDecl variant : variants) variant.unions.add(union);
      return JType.decl(union);
    }
    if (types.stream().allMatch(t -> t.kind == Kind.LIST)) {
      List<JType> elements = new ArrayList<>();
      for (JType t : types) elements.add(t.element);
      return JType.list(merge(elements, owner, elementName(name)));
    }
    Decl first = types.get(0).decl;
    if (first != null && types.stream().allMatch(t -> t.decl == first)) return types.get(0);
    boolean strings = types.stream().allMatch(t -> t.kind == Kind.STRING || t.kind == Kind.ENUM);
    if (strings) return JType.of(Kind.STRING);
    Kind kind = types.get(0).kind;
    if (types.stream().allMatch(t -> t.kind == kind) && types.get(0).isScalar())
      return JType.of(kind);
    return JType.of(Kind.JSON);
  }
}
