package dev.bahi.generator;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The Java shapes that the contract's schemas become. */
final class Types {
  private Types() {}

  enum Kind {
    STRING,
    DECIMAL,
    INTEGER,
    BOOLEAN,
    DATE,
    DATETIME,
    BINARY,
    JSON,
    LIST,
    MAP,
    CLASS,
    ENUM,
    UNION
  }

  /** The type of a field, a parameter, an element or an answer. */
  static final class JType {
    final Kind kind;
    final JType element;
    final Decl decl;
    final boolean nullable;
    final Integer decimals;

    JType(Kind kind, JType element, Decl decl, boolean nullable, Integer decimals) {
      this.kind = kind;
      this.element = element;
      this.decl = decl;
      this.nullable = nullable;
      this.decimals = decimals;
    }

    static JType of(Kind kind) {
      return new JType(kind, null, null, false, null);
    }

    static JType decimal(Integer decimals) {
      return new JType(Kind.DECIMAL, null, null, false, decimals);
    }

    static JType list(JType element) {
      return new JType(Kind.LIST, element, null, false, null);
    }

    static JType map(JType element) {
      return new JType(Kind.MAP, element, null, false, null);
    }

    static JType decl(Decl decl) {
      Kind kind =
          decl instanceof ClassDecl
              ? Kind.CLASS
              : decl instanceof EnumDecl ? Kind.ENUM : Kind.UNION;
      return new JType(kind, null, decl, false, null);
    }

    JType nullable(boolean nullable) {
      return nullable == this.nullable ? this : new JType(kind, element, decl, nullable, decimals);
    }

    boolean isScalar() {
      return kind != Kind.LIST && kind != Kind.MAP && kind != Kind.CLASS && kind != Kind.UNION;
    }
  }

  /** A named Java type the generator writes: a class, an enum or a union interface. */
  abstract static class Decl {
    final String name;
    String pkg;

    /** The class this one is nested in, or null for a top-level type. */
    ClassDecl owner;

    String description;

    Decl(String name, String pkg) {
      this.name = name;
      this.pkg = pkg;
    }

    /** The name as written in code of the same package: {@code Invoice} or {@code Event.Data}. */
    String ref() {
      return owner == null ? name : owner.ref() + "." + name;
    }

    Decl top() {
      return owner == null ? this : owner.top();
    }

    String qualified() {
      return pkg + "." + ref();
    }
  }

  static final class Prop {
    final String json;
    final String java;
    final JType type;
    final boolean required;
    final String description;
    final String constant;

    Prop(String json, JType type, boolean required, String description, String constant) {
      this.json = json;
      this.java = Names.camel(json);
      this.type = type;
      this.required = required;
      this.description = description;
      this.constant = constant;
    }
  }

  static final class ClassDecl extends Decl {
    final Map<String, Prop> props = new LinkedHashMap<>();
    final List<Decl> nested = new ArrayList<>();
    final Set<UnionDecl> unions = new LinkedHashSet<>();

    /** The schema, kept until its properties are resolved (a schema may refer to itself). */
    JsonNode schema;

    ClassDecl(String name, String pkg) {
      super(name, pkg);
    }

    Map<String, String> constants() {
      Map<String, String> constants = new LinkedHashMap<>();
      for (Prop prop : props.values())
        if (prop.constant != null) constants.put(prop.json, prop.constant);
      return constants;
    }
  }

  static final class EnumDecl extends Decl {
    final List<String> values;

    EnumDecl(String name, String pkg, List<String> values) {
      super(name, pkg);
      this.values = values;
    }
  }

  static final class UnionDecl extends Decl {
    final List<ClassDecl> variants;

    UnionDecl(String name, String pkg, List<ClassDecl> variants) {
      super(name, pkg);
      this.variants = variants;
    }
  }
}
