package dev.bahi.generator;

import java.util.Locale;
import java.util.Set;

/** Java names from the contract's names. */
final class Names {
  private static final Set<String> KEYWORDS =
      Set.of(
          "abstract",
          "assert",
          "boolean",
          "break",
          "byte",
          "case",
          "catch",
          "char",
          "class",
          "const",
          "continue",
          "default",
          "do",
          "double",
          "else",
          "enum",
          "extends",
          "final",
          "finally",
          "float",
          "for",
          "goto",
          "if",
          "implements",
          "import",
          "instanceof",
          "int",
          "interface",
          "long",
          "native",
          "new",
          "package",
          "private",
          "protected",
          "public",
          "return",
          "short",
          "static",
          "strictfp",
          "super",
          "switch",
          "synchronized",
          "this",
          "throw",
          "throws",
          "transient",
          "try",
          "void",
          "volatile",
          "while",
          "true",
          "false",
          "null",
          "var",
          "record",
          "yield");

  private Names() {}

  /**
   * {@code party_id} → {@code PartyId}, {@code DocDtls} → {@code DocDtls}, {@code e-Invoicing} →
   * {@code EInvoicing}.
   */
  static String pascal(String name) {
    StringBuilder out = new StringBuilder();
    boolean upper = true;
    for (char c : name.toCharArray()) {
      if (!Character.isLetterOrDigit(c)) {
        upper = true;
        continue;
      }
      out.append(upper ? Character.toUpperCase(c) : c);
      upper = false;
    }
    if (out.length() == 0 || Character.isDigit(out.charAt(0))) out.insert(0, 'V');
    return out.toString();
  }

  /**
   * {@code party_id} → {@code partyId}, {@code DocDtls} → {@code docDtls}; keywords get a suffix.
   */
  static String camel(String name) {
    String pascal = pascal(name);
    // A leading run of capitals (an acronym, as in "IRN") is lowered as a whole: IrnNo → irnNo.
    int i = 0;
    while (i < pascal.length() && Character.isUpperCase(pascal.charAt(i))) i++;
    String camel;
    if (i <= 1) {
      camel = Character.toLowerCase(pascal.charAt(0)) + pascal.substring(1);
    } else if (i == pascal.length()) {
      camel = pascal.toLowerCase(Locale.ROOT);
    } else {
      camel = pascal.substring(0, i - 1).toLowerCase(Locale.ROOT) + pascal.substring(i - 1);
    }
    return KEYWORDS.contains(camel) ? camel + "Value" : camel;
  }

  /** {@code invoice.created} → {@code INVOICE_CREATED}. */
  static String constant(String value) {
    String upper = value.replaceAll("[^A-Za-z0-9]+", "_").replaceAll("^_|_$", "");
    upper = upper.toUpperCase(Locale.ROOT);
    if (upper.isEmpty() || Character.isDigit(upper.charAt(0))) upper = "V" + upper;
    return upper;
  }

  /** {@code parties} → {@code party}, {@code items} → {@code item}, {@code data} → {@code data}. */
  static String singular(String word) {
    if (word.endsWith("ies") && word.length() > 3)
      return word.substring(0, word.length() - 3) + "y";
    if (word.endsWith("sses") || word.endsWith("xes") || word.endsWith("ches")) {
      return word.substring(0, word.length() - 2);
    }
    if (word.endsWith("s") && !word.endsWith("ss") && word.length() > 1) {
      return word.substring(0, word.length() - 1);
    }
    return word;
  }
}
