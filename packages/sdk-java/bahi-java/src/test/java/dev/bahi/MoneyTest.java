package dev.bahi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bahi.StubServer.Reply;
import dev.bahi.models.Invoice;
import dev.bahi.params.InvoiceCreateParams;
import dev.bahi.params.InvoiceItemCreateParams;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class MoneyTest {
  private final Clients clients = new Clients();

  /** Amounts no double holds exactly, and one past a double's 15-16 significant digits. */
  private static final String INVOICE =
      "{\"id\":\"inv_1\",\"object\":\"invoice\",\"taxable_value\":299.97,\"igst\":53.99,"
          + "\"round_off\":0.04,\"total\":354.00,\"balance_due\":99999999999.99,"
          + "\"items\":[{\"sku\":\"PEN\",\"qty\":0.001,\"rate\":99.99,\"cgst\":0}]}";

  @Test
  void amountsAreReadFromTheirDigitsNeverThroughADouble() throws IOException {
    try (StubServer server = new StubServer().reply(Reply.json(200, INVOICE))) {
      Invoice invoice = clients.client(server).invoices().retrieve("inv_1");
      assertEquals(new BigDecimal("299.97"), invoice.getTaxableValue());
      assertEquals(new BigDecimal("53.99"), invoice.getIgst());
      assertEquals(new BigDecimal("0.04"), invoice.getRoundOff());
      assertEquals(
          "354.00", invoice.getTotal().toPlainString(), "the scale the server wrote is kept");
      assertEquals("99999999999.99", invoice.getBalanceDue().toPlainString());
      assertEquals(new BigDecimal("0.001"), invoice.getItems().get(0).getQty());
      assertEquals(new BigDecimal("99.99"), invoice.getItems().get(0).getRate());
      assertEquals(BigDecimal.ZERO, invoice.getItems().get(0).getCgst());
      // 299.97 + 53.99 + 0.04 = 354.00 exactly: the sum a double gets wrong.
      assertEquals(
          0,
          invoice
              .getTaxableValue()
              .add(invoice.getIgst())
              .add(invoice.getRoundOff())
              .compareTo(invoice.getTotal()));
    }
  }

  @Test
  void amountsAreSentAsTheirPlainDigits() throws IOException {
    try (StubServer server = new StubServer().reply(Reply.json(201, INVOICE))) {
      InvoiceCreateParams params =
          InvoiceCreateParams.builder()
              .partyId("pty_1")
              .addItem(
                  InvoiceItemCreateParams.builder()
                      .sku("PEN")
                      .qty(new BigDecimal("0.1").add(new BigDecimal("0.2")))
                      .rate(new BigDecimal("1E+2"))
                      .discount(new BigDecimal("99999999999.99"))
                      .build())
              .addItem(
                  InvoiceItemCreateParams.builder()
                      .sku("SVC")
                      .qty(3)
                      .rate(new BigDecimal("1500.50"))
                      .build())
              .build();
      clients.client(server).invoices().create(params);
      assertEquals(
          "{\"party_id\":\"pty_1\",\"items\":["
              + "{\"sku\":\"PEN\",\"qty\":0.3,\"rate\":100,\"discount\":99999999999.99},"
              + "{\"sku\":\"SVC\",\"qty\":3,\"rate\":1500.50}]}",
          server.requests.get(0).body());
    }
  }

  @Test
  void aModelRoundTripsThroughJsonUnchanged() throws IOException {
    JsonNode json = Bahi.jsonMapper().readTree(INVOICE);
    Invoice invoice = Bahi.jsonMapper().treeToValue(json, Invoice.class);
    assertEquals(INVOICE, Bahi.jsonMapper().writeValueAsString(invoice));
    assertEquals(invoice, Invoice.fromJson(invoice.toJson()));
    assertEquals(INVOICE, invoice.toBuilder().build().toJson().toString());
  }

  @Test
  void noTypeOfTheSdkHoldsABinaryFloat() throws IOException {
    Pattern floating = Pattern.compile("\\b(double|float|Double|Float)\\b");
    List<Path> offenders;
    try (Stream<Path> files = Files.walk(Path.of("src/main/java/dev/bahi"))) {
      offenders =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .filter(p -> code(read(p)).anyMatch(line -> floating.matcher(line).find()))
              .collect(Collectors.toList());
    }
    assertTrue(offenders.isEmpty(), "binary floats in " + offenders);
  }

  /** The lines of a source that are code, not comments (which may well say "never a double"). */
  private static Stream<String> code(String source) {
    return source
        .lines()
        .map(String::trim)
        .filter(l -> !l.startsWith("*") && !l.startsWith("/") && !l.isEmpty());
  }

  private static String read(Path path) {
    try {
      return Files.readString(path);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
