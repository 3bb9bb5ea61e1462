/** The shape every list answer of the contract shares. */
export interface ListPage {
  data: readonly unknown[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * A list: `for await` over it yields every item of every page, fetching each page only when the one
 * before is used up; `page` is the first page as the API answered it. Nothing is fetched until one of
 * them is used.
 */
export class List<Page extends ListPage> implements AsyncIterable<Page["data"][number]> {
  readonly #fetchPage: (startingAfter: string | undefined) => Promise<Page>;
  #first: Promise<Page> | undefined;

  constructor(fetchPage: (startingAfter: string | undefined) => Promise<Page>) {
    this.#fetchPage = fetchPage;
  }

  /** The first page: its `data`, `has_more` and `next_cursor`. Fetched once, on first use. */
  get page(): Promise<Page> {
    this.#first ??= this.#fetchPage(undefined);
    return this.#first;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Page["data"][number]> {
    let page = await this.page;
    for (;;) {
      yield* page.data;
      if (!page.has_more || page.next_cursor === null) return;
      page = await this.#fetchPage(page.next_cursor);
    }
  }
}
