package dev.bahi;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A page of a list, and through it the whole list: iterating a page ({@code for (Invoice invoice :
 * page)}, or {@link #autoPagingIterable()}) yields every item of this page and of the pages after
 * it, each fetched with the same filters and {@code starting_after} only when the loop reaches it.
 * {@link #getData()} is this page alone.
 *
 * @param <T> the items' type
 */
public final class Page<T> implements Iterable<T> {
  private final List<T> data;
  private final boolean hasMore;
  private final String nextCursor;
  private final Function<String, Page<T>> fetchAfter;

  Page(JsonNode body, Function<JsonNode, T> decode, Function<String, Page<T>> fetchAfter) {
    JsonNode items = body.get("data");
    this.data = items == null ? List.of() : BahiObject.asList(items, decode);
    this.hasMore = body.path("has_more").asBoolean(false);
    JsonNode cursor = body.get("next_cursor");
    this.nextCursor = cursor == null || cursor.isNull() ? null : cursor.asText();
    this.fetchAfter = fetchAfter;
  }

  /**
   * @return this page's items, newest first
   */
  public List<T> getData() {
    return data;
  }

  /**
   * @return whether there are items after this page
   */
  public boolean hasMore() {
    return hasMore;
  }

  /**
   * @return the {@code starting_after} of the next page, or null on the last page
   */
  public String getNextCursor() {
    return nextCursor;
  }

  /**
   * @return whether {@link #nextPage()} has a page to fetch
   */
  public boolean hasNextPage() {
    return hasMore && nextCursor != null;
  }

  /**
   * Fetches the page after this one.
   *
   * @return the next page
   * @throws NoSuchElementException on the last page
   */
  public Page<T> nextPage() {
    if (!hasNextPage()) throw new NoSuchElementException("This is the last page");
    return fetchAfter.apply(nextCursor);
  }

  /**
   * Every item of this page and the pages after it, fetching each page when the iteration reaches
   * it. The same as iterating this page; the name says so where it is used.
   *
   * @return the items of all pages from this one on
   */
  public Iterable<T> autoPagingIterable() {
    return this;
  }

  /**
   * @return a sequential stream of the items of all pages from this one on, fetched lazily
   */
  public Stream<T> autoPagingStream() {
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL),
        false);
  }

  @Override
  public Iterator<T> iterator() {
    return new Iterator<T>() {
      private Page<T> page = Page.this;
      private int index;

      @Override
      public boolean hasNext() {
        // A page may be empty and still have more after it; skip such pages.
        while (index >= page.data.size()) {
          if (!page.hasNextPage()) return false;
          page = page.nextPage();
          index = 0;
        }
        return true;
      }

      @Override
      public T next() {
        if (!hasNext()) throw new NoSuchElementException();
        return page.data.get(index++);
      }
    };
  }

  @Override
  public String toString() {
    return "Page{"
        + data.size()
        + " items, hasMore="
        + hasMore
        + ", nextCursor="
        + nextCursor
        + "}";
  }
}
