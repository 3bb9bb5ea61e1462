package dev.bahi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bahi.StubServer.Reply;
import dev.bahi.models.Invoice;
import dev.bahi.models.InvoiceStatus;
import dev.bahi.params.InvoiceListParams;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PaginationTest {
  private final Clients clients = new Clients();

  private static Reply page(boolean hasMore, String cursor, String... ids) {
    List<String> items = new ArrayList<>();
    for (String id : ids)
      items.add("{\"id\":\"" + id + "\",\"object\":\"invoice\",\"total\":354.00}");
    return Reply.json(
        200,
        "{\"object\":\"list\",\"data\":["
            + String.join(",", items)
            + "],\"has_more\":"
            + hasMore
            + ",\"next_cursor\":"
            + (cursor == null ? "null" : "\"" + cursor + "\"")
            + "}");
  }

  @Test
  void iteratingAPageWalksEveryPageWithTheSameFilters() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(
                page(true, "inv_b", "inv_a", "inv_b"),
                page(true, "inv_d", "inv_c", "inv_d"),
                page(false, null, "inv_e"))) {
      InvoiceListParams params =
          InvoiceListParams.builder()
              .partyId("pty_1")
              .status(InvoiceStatus.ISSUED)
              .limit(2)
              .build();
      Page<Invoice> first = clients.client(server).invoices().list(params);
      assertEquals(
          1, server.requests.size(), "the first page is fetched at once, the rest when needed");
      assertEquals(2, first.getData().size());
      assertTrue(first.hasMore());
      assertEquals("inv_b", first.getNextCursor());
      List<String> ids = new ArrayList<>();
      for (Invoice invoice : first) ids.add(invoice.getId());
      assertEquals(List.of("inv_a", "inv_b", "inv_c", "inv_d", "inv_e"), ids);
      assertEquals("/v1/invoices?party_id=pty_1&status=issued&limit=2", server.requests.get(0).uri);
      assertEquals(
          "/v1/invoices?party_id=pty_1&status=issued&limit=2&starting_after=inv_b",
          server.requests.get(1).uri);
      assertEquals(
          "/v1/invoices?party_id=pty_1&status=issued&limit=2&starting_after=inv_d",
          server.requests.get(2).uri);
    }
  }

  @Test
  void pagesCanBeWalkedByHandAndStreamed() throws IOException {
    try (StubServer server =
        new StubServer()
            .reply(
                page(true, "inv_a", "inv_a"),
                page(false, null, "inv_b"),
                page(true, "inv_a", "inv_a"),
                page(false, null, "inv_b"))) {
      Bahi client = clients.client(server);
      Page<Invoice> first = client.invoices().list();
      Page<Invoice> second = first.nextPage();
      assertEquals("inv_b", second.getData().get(0).getId());
      assertFalse(second.hasNextPage());
      assertThrows(NoSuchElementException.class, second::nextPage);
      List<String> streamed =
          client
              .invoices()
              .list()
              .autoPagingStream()
              .map(Invoice::getId)
              .collect(Collectors.toList());
      assertEquals(List.of("inv_a", "inv_b"), streamed);
    }
  }

  @Test
  void anEmptyPageWithMoreAfterItIsSkipped() throws IOException {
    try (StubServer server = new StubServer().reply(page(true, "c1"), page(false, null, "inv_z"))) {
      List<String> ids = new ArrayList<>();
      for (Invoice invoice : clients.client(server).invoices().list().autoPagingIterable())
        ids.add(invoice.getId());
      assertEquals(List.of("inv_z"), ids);
    }
  }
}
