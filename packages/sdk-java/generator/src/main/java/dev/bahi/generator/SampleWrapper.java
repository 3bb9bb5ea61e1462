package dev.bahi.generator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Makes the code samples and the README's quick start compilable, for the conformance module's
 * build: each sample's statements become the {@code main} of a class of its own, after its imports;
 * the README's {@code QuickStart} class is copied as it is written.
 *
 * <pre>SampleWrapper SAMPLES_DIR README OUT_DIR</pre>
 */
public final class SampleWrapper {
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  private SampleWrapper() {}

  public static void main(String[] args) throws IOException {
    Path samples = Path.of(args[0]);
    Path readme = Path.of(args[1]);
    Path out = Path.of(args[2]);
    Path pkg = out.resolve("dev/bahi/samples");
    Files.createDirectories(pkg);
    try (Stream<Path> old = Files.list(pkg)) {
      for (Path file : (Iterable<Path>) old::iterator) Files.delete(file);
    }
    int count = 0;
    try (Stream<Path> files = Files.list(samples)) {
      for (Path sample : (Iterable<Path>) files.sorted()::iterator) {
        String id = sample.getFileName().toString().replaceFirst("\\.java$", "");
        String name = Names.pascal(id) + "Sample";
        Files.writeString(pkg.resolve(name + ".java"), wrap(Files.readString(sample), name, id));
        count++;
      }
    }
    if (count == 0) throw new IllegalStateException("no code samples in " + samples);
    Matcher block = JAVA_BLOCK.matcher(Files.readString(readme));
    boolean found = false;
    while (block.find()) {
      if (block.group(1).contains("class QuickStart")) {
        Files.writeString(out.resolve("QuickStart.java"), block.group(1));
        found = true;
      }
    }
    if (!found)
      throw new IllegalStateException(readme + " has no ```java block with class QuickStart");
    System.out.println("wrapped " + count + " code samples and the README's quick start");
  }

  static String wrap(String sample, String name, String operationId) {
    List<String> imports = new ArrayList<>();
    StringBuilder body = new StringBuilder();
    for (String line : sample.split("\n", -1)) {
      if (line.startsWith("import ")) imports.add(line);
      else body.append("    ").append(line).append('\n');
    }
    StringBuilder out = new StringBuilder("package dev.bahi.samples;\n\n");
    for (String line : imports) out.append(line).append('\n');
    out.append("\n/** The code sample of ")
        .append(operationId)
        .append(", as the docs show it. */\n");
    out.append("public final class ").append(name).append(" {\n");
    out.append("  private ").append(name).append("() {}\n\n");
    // A sample may write a file (a PDF), which can throw IOException.
    out.append("  public static void main(String[] args) throws Exception {\n")
        .append(body)
        .append("  }\n}\n");
    return out.toString();
  }
}
