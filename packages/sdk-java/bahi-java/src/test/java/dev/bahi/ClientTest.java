package dev.bahi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.bahi.StubServer.Reply;
import dev.bahi.errors.NotFoundException;
import dev.bahi.models.Address;
import dev.bahi.models.ApiKeyWithSecret;
import dev.bahi.models.ForeignAddress;
import dev.bahi.models.InvoiceStatus;
import dev.bahi.models.Party;
import dev.bahi.models.ProductImport;
import dev.bahi.params.CreditNotePdfParams;
import dev.bahi.params.InvoicePdfParams;
import dev.bahi.params.PartyUpdateParams;
import dev.bahi.params.ProductImportUploadParams;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ClientTest {
  private final Clients clients = new Clients();

  @Test
  void testOrLiveComesFromTheKey() {
    assertEquals(Bahi.Mode.TEST, Bahi.builder().apiKey("sk_test_abc").build().getMode());
    Bahi live = Bahi.builder().apiKey("sk_live_abc").build();
    assertEquals(Bahi.Mode.LIVE, live.getMode());
    assertTrue(live.isLivemode());
    assertEquals(Bahi.Mode.UNKNOWN, Bahi.builder().apiKey("bahi_pat_abc").build().getMode());
  }

  @Test
  void aClientNeedsAKeyAndNeverShowsIt() {
    assertThrows(IllegalArgumentException.class, () -> Bahi.builder().build());
    IllegalArgumentException spaced =
        assertThrows(
            IllegalArgumentException.class, () -> Bahi.builder().apiKey("sk_test_a b").build());
    assertFalse(spaced.getMessage().contains("sk_test_a b"));
    Bahi client = Bahi.builder().apiKey(Clients.TEST_KEY).baseUrl("http://localhost:8080/").build();
    assertEquals("http://localhost:8080", client.getBaseUrl());
    assertFalse(client.toString().contains(Clients.TEST_KEY));
    assertThrows(
        IllegalArgumentException.class,
        () -> Bahi.builder().apiKey("sk_test_a").baseUrl("ftp://x").build());
  }

  @Test
  void secretsAreMaskedWhenAnObjectIsPrinted() {
    ApiKeyWithSecret key =
        ApiKeyWithSecret.builder()
            .putAdditionalField("id", TextNode.valueOf("key_1"))
            .putAdditionalField("secret", TextNode.valueOf("sk_test_secret"))
            .build();
    assertFalse(key.toString().contains("sk_test_secret"));
    assertTrue(key.toString().contains("[redacted]"));
    assertEquals("sk_test_secret", key.getSecret(), "the getter still gives it");
  }

  @Test
  void aUnionIsReadAsTheVariantItIs() throws IOException {
    String india =
        "{\"id\":\"pty_1\",\"object\":\"party\",\"address\":{\"line1\":\"1 MG Road\",\"city\":\"Bengaluru\",\"state_code\":\"29\",\"pin\":\"560001\"}}";
    String abroad =
        "{\"id\":\"pty_2\",\"object\":\"party\",\"address\":{\"line1\":\"350 Fifth Avenue\",\"city\":\"New York\",\"country\":\"US\"}}";
    Party home = Bahi.jsonMapper().readValue(india, Party.class);
    Party away = Bahi.jsonMapper().readValue(abroad, Party.class);
    assertEquals("560001", assertInstanceOf(Address.class, home.getAddress()).getPin());
    assertEquals("US", assertInstanceOf(ForeignAddress.class, away.getAddress()).getCountry());
  }

  @Test
  void anEnumValueTheSdkDoesNotKnowIsKept() throws IOException {
    dev.bahi.models.Invoice invoice =
        Bahi.jsonMapper().readValue("{\"status\":\"disputed\"}", dev.bahi.models.Invoice.class);
    assertEquals(InvoiceStatus._UNKNOWN, invoice.getStatus());
    assertEquals("disputed", invoice.toJson().get("status").asText());
    assertEquals(InvoiceStatus.PAID, InvoiceStatus.fromValue("paid"));
  }

  @Test
  void anUpdateSendsOnlyTheFieldsSetAndAnExplicitNull() throws IOException {
    try (StubServer server =
        new StubServer().reply(Reply.json(200, "{\"id\":\"pty_1\",\"object\":\"party\"}"))) {
      PartyUpdateParams params =
          PartyUpdateParams.builder().phone("+91 22 2387 5678").email(null).build();
      clients.client(server).parties().update("pty_1", params);
      StubServer.Recorded sent = server.requests.get(0);
      assertEquals("PATCH", sent.method);
      assertEquals("{\"phone\":\"+91 22 2387 5678\",\"email\":null}", sent.body());
      assertNull(sent.header("idempotency-key"));
    }
  }

  @Test
  void anImportUploadsItsFileAsMultipartAndItsErrorsComeBackAsCsv() throws IOException {
    String csv = "SKU,Item Name\nPEN-01,\"Ballpoint pen, blue\"\n";
    try (StubServer server =
        new StubServer()
            .reply(
                Reply.json(
                    202, "{\"id\":\"imp_1\",\"object\":\"product_import\",\"status\":\"queued\"}"),
                new Reply().header("Content-Type", "text/csv; charset=utf-8"))) {
      server.reply();
      Bahi client = clients.client(server);
      ProductImport queued =
          client
              .products()
              .imports()
              .create(
                  ProductImportUploadParams.builder()
                      .file(FileUpload.of(csv.getBytes(StandardCharsets.UTF_8), "products.csv"))
                      .sheet("Sheet1")
                      .build());
      assertEquals("imp_1", queued.getId());
      StubServer.Recorded sent = server.requests.get(0);
      String type = sent.header("content-type");
      assertTrue(type.startsWith("multipart/form-data; boundary="), type);
      String boundary = type.substring(type.indexOf('=') + 1);
      String body = sent.body();
      assertTrue(
          body.contains(
              "--"
                  + boundary
                  + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"products.csv\"\r\nContent-Type: text/csv\r\n\r\n"
                  + csv
                  + "\r\n"),
          body);
      assertTrue(body.contains("name=\"sheet\"\r\n\r\nSheet1\r\n"), body);
      assertTrue(body.endsWith("--" + boundary + "--\r\n"));
      assertTrue(sent.header("idempotency-key") != null);
    }
  }

  @Test
  void aDocumentsPdfIsItsBytesWithTheCopyAskedFor() throws IOException {
    // A PDF's binary comment line and a NUL: bytes that any decoding as text would change.
    byte[] pdf = {
      '%', 'P', 'D', 'F', '-', '1', '.', '7', '\n', '%', (byte) 0xe2, (byte) 0xe3, 0, (byte) 0xff
    };
    Reply invoice = new Reply();
    invoice.bytes = pdf;
    invoice.headers.put("Content-Type", "application/pdf");
    Reply note = new Reply();
    note.bytes = pdf;
    note.headers.put("Content-Type", "application/pdf");
    try (StubServer server =
        new StubServer().reply(invoice).reply(note).reply(Reply.problem(404, "not_found", ""))) {
      Bahi bahi = clients.client(server);
      InvoicePdfParams duplicate =
          InvoicePdfParams.builder().copy(InvoicePdfParams.Copy.DUPLICATE).build();
      assertArrayEquals(pdf, bahi.invoices().pdf("inv_1", duplicate));
      assertEquals("/v1/invoices/inv_1/pdf?copy=duplicate", server.requests.get(0).uri);
      assertEquals("application/pdf", server.requests.get(0).header("accept"));
      assertArrayEquals(
          pdf,
          bahi.creditNotes()
              .pdf(
                  "crn_1",
                  CreditNotePdfParams.builder().copy(CreditNotePdfParams.Copy.TRIPLICATE).build()));
      assertEquals("/v1/credit_notes/crn_1/pdf?copy=triplicate", server.requests.get(1).uri);
      NotFoundException gone =
          assertThrows(NotFoundException.class, () -> bahi.debitNotes().pdf("dbn_9"));
      assertEquals("not_found", gone.getCode());
    }
  }

  @Test
  void theErrorsCsvIsText() throws IOException {
    Reply csv = new Reply();
    csv.body = "row,sku,reason\n4,STAPLER,price is not a number\n";
    csv.headers.put("Content-Type", "text/csv; charset=utf-8");
    try (StubServer server = new StubServer().reply(csv)) {
      String text = clients.client(server).products().imports().retrieveErrors("imp_1");
      assertEquals(csv.body, text);
      assertEquals("text/csv", server.requests.get(0).header("accept"));
      assertEquals("/v1/products/imports/imp_1/errors.csv", server.requests.get(0).uri);
    }
  }
}
