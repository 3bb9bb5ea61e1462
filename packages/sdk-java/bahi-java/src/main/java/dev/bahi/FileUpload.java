package dev.bahi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/** A file to send in a {@code multipart/form-data} request: its name, media type and bytes. */
public final class FileUpload {
  private static final String XLSX =
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

  private final String filename;
  private final String contentType;
  private final byte[] content;

  private FileUpload(String filename, String contentType, byte[] content) {
    this.filename = Objects.requireNonNull(filename, "filename");
    this.contentType = Objects.requireNonNull(contentType, "contentType");
    this.content = Objects.requireNonNull(content, "content").clone();
  }

  /**
   * The file at {@code path}, read now, with its name and a media type from its extension.
   *
   * @param path the file to send
   * @return the upload
   */
  public static FileUpload of(Path path) {
    try {
      return of(Files.readAllBytes(path), path.getFileName().toString());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + path, e);
    }
  }

  /**
   * Bytes under a file name, with a media type from the name's extension ({@code .xlsx} a workbook,
   * {@code .csv} CSV, anything else {@code application/octet-stream}).
   *
   * @param content the file's bytes
   * @param filename the name the server sees
   * @return the upload
   */
  public static FileUpload of(byte[] content, String filename) {
    return of(content, filename, contentTypeOf(filename));
  }

  /**
   * Bytes under a file name, with the media type given.
   *
   * @param content the file's bytes
   * @param filename the name the server sees
   * @param contentType the part's media type
   * @return the upload
   */
  public static FileUpload of(byte[] content, String filename, String contentType) {
    return new FileUpload(filename, contentType, content);
  }

  private static String contentTypeOf(String filename) {
    String name = filename.toLowerCase(Locale.ROOT);
    if (name.endsWith(".xlsx")) return XLSX;
    if (name.endsWith(".csv")) return "text/csv";
    return "application/octet-stream";
  }

  /**
   * @return the file's name
   */
  public String getFilename() {
    return filename;
  }

  /**
   * @return the part's media type
   */
  public String getContentType() {
    return contentType;
  }

  /**
   * @return a copy of the file's bytes
   */
  public byte[] getContent() {
    return content.clone();
  }

  byte[] content() {
    return content;
  }

  @Override
  public String toString() {
    return "FileUpload{" + filename + ", " + contentType + ", " + content.length + " bytes}";
  }
}
