package dev.bahi.generator;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.google.googlejavaformat.java.Formatter;
import com.google.googlejavaformat.java.FormatterException;
import dev.bahi.generator.Model.Operation;
import dev.bahi.generator.Model.Service;
import dev.bahi.generator.Types.ClassDecl;
import dev.bahi.generator.Types.Decl;
import dev.bahi.generator.Types.EnumDecl;
import dev.bahi.generator.Types.UnionDecl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes the Java SDK's generated sources (models, params, services) and the Java code samples from
 * the bundled contract, formatted with google-java-format, the formatter Spotless checks.
 *
 * <pre>
 * Generator --root REPO          writes the files, deleting generated files it no longer makes
 * Generator --root REPO --check  fails, naming them, when any file is stale, missing or extra
 * </pre>
 */
public final class Generator {
  private static final String CONTRACT = "packages/contract/generated/openapi.json";
  private static final String SOURCES = "packages/sdk-java/bahi-java/src/main/java";
  private static final String SAMPLES = "spec/code-samples/java";

  private Generator() {}

  public static void main(String[] args) throws IOException, FormatterException {
    Path root = Path.of(".");
    boolean check = false;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--root")) root = Path.of(args[++i]);
      else if (args[i].equals("--check")) check = true;
      else if (!args[i].equals("--write") && !args[i].isEmpty())
        throw new IllegalArgumentException("unknown argument " + args[i]);
    }
    root = root.toAbsolutePath().normalize();
    ObjectMapper mapper =
        JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();
    JsonNode spec = mapper.readTree(root.resolve(CONTRACT).toFile());
    Map<Path, String> files = generate(spec, root);
    List<String> problems = new ArrayList<>();
    for (Map.Entry<Path, String> file : files.entrySet()) {
      Path path = file.getKey();
      String old = Files.exists(path) ? Files.readString(path) : null;
      if (file.getValue().equals(old)) continue;
      problems.add((old == null ? "missing " : "stale ") + root.relativize(path));
      if (!check) {
        Files.createDirectories(path.getParent());
        Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
      }
    }
    for (Path owned : owned(root)) {
      if (files.containsKey(owned)) continue;
      problems.add("extra " + root.relativize(owned));
      if (!check) Files.delete(owned);
    }
    if (check && !problems.isEmpty()) {
      throw new IllegalStateException(
          "The generated Java SDK is out of date with the contract; run packages/sdk-java/generate.sh:\n  "
              + String.join("\n  ", problems));
    }
    System.out.println(
        (check ? "checked " : "wrote ")
            + files.size()
            + " files"
            + (check ? ", all up to date" : ", " + problems.size() + " changed"));
  }

  /**
   * Every file the generator owns on disk: the model and params packages, generated files of
   * dev.bahi, the samples.
   */
  private static List<Path> owned(Path root) throws IOException {
    List<Path> owned = new ArrayList<>();
    Path sources = root.resolve(SOURCES).resolve("dev/bahi");
    for (String pkg : List.of("models", "params")) owned.addAll(javaFiles(sources.resolve(pkg)));
    for (Path file : javaFiles(sources)) {
      if (Files.readString(file).startsWith(Render.HEADER)) owned.add(file);
    }
    owned.addAll(javaFiles(root.resolve(SAMPLES)));
    return owned;
  }

  private static List<Path> javaFiles(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) return List.of();
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(p -> p.toString().endsWith(".java"))
          .map(p -> p.toAbsolutePath().normalize())
          .sorted()
          .collect(Collectors.toList());
    }
  }

  static Map<Path, String> generate(JsonNode spec, Path root) throws FormatterException {
    Model model = new Model(spec);
    Formatter formatter = new Formatter();
    Map<Path, String> files = new TreeMap<>();
    Path sources = root.resolve(SOURCES);
    for (Decl decl : model.topLevel) {
      String source;
      if (decl instanceof ClassDecl) source = Render.classFile((ClassDecl) decl);
      else if (decl instanceof EnumDecl) source = Render.enumFile((EnumDecl) decl);
      else source = Render.unionFile((UnionDecl) decl);
      put(files, sources, decl.pkg, decl.name, source, formatter);
    }
    List<Service> services = new ArrayList<>();
    collect(model.root, services);
    for (Service service : services) {
      put(files, sources, Model.BASE, service.name, Render.serviceFile(service), formatter);
    }
    for (Operation op : model.operations) {
      files.put(
          root.resolve(SAMPLES).resolve(op.id + ".java").toAbsolutePath().normalize(),
          Samples.sample(model, op, formatter));
    }
    return files;
  }

  private static void collect(Service service, List<Service> into) {
    into.add(service);
    for (Service child : service.children.values()) collect(child, into);
  }

  private static void put(
      Map<Path, String> files,
      Path sources,
      String pkg,
      String name,
      String source,
      Formatter formatter)
      throws FormatterException {
    Path path =
        sources.resolve(pkg.replace('.', '/')).resolve(name + ".java").toAbsolutePath().normalize();
    if (files.containsKey(path))
      throw new IllegalStateException("two types named " + pkg + "." + name);
    try {
      files.put(path, formatter.formatSourceAndFixImports(source));
    } catch (FormatterException e) {
      throw new IllegalStateException(
          "generated "
              + pkg
              + "."
              + name
              + " does not parse: "
              + e.getMessage()
              + "\n"
              + numbered(source),
          e);
    }
  }

  private static String numbered(String source) {
    StringBuilder out = new StringBuilder();
    String[] lines = source.split("\n");
    for (int i = 0; i < lines.length; i++)
      out.append(i + 1).append(": ").append(lines[i]).append('\n');
    return out.toString();
  }
}
