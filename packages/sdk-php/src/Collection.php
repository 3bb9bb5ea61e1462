<?php

declare(strict_types=1);

namespace Bahi;

/**
 * One page of a list (`object: "list"`): `data`, `has_more` and `next_cursor`. `foreach` over the page
 * yields its items; `autoPagingIterator()` yields every item of every page, fetching each next page
 * (with `starting_after` set to the cursor) only when the one before is used up.
 *
 * @template TItem
 * @property-read list<TItem> $data the items of this page, newest first
 * @property-read bool $has_more whether another page follows
 * @property-read ?string $next_cursor the `starting_after` of the next page, or null on the last
 */
class Collection extends BahiObject implements \Countable
{
    /** @var (\Closure(string): static)|null */
    private ?\Closure $fetchNext = null;

    /**
     * Tells the page how to fetch the one after it (the SDK does this for every list it returns).
     *
     * @internal
     * @param \Closure(string): static $fetchNext
     */
    public function setNextPageFetcher(\Closure $fetchNext): void
    {
        $this->fetchNext = $fetchNext;
    }

    /** @return \ArrayIterator<int, TItem> the items of this page only */
    public function getIterator(): \ArrayIterator
    {
        return new \ArrayIterator($this->data ?? []);
    }

    /** The number of items on this page. */
    public function count(): int
    {
        return count($this->data ?? []);
    }

    /** The next page, or null when this is the last. */
    public function nextPage(): ?static
    {
        if (!$this->has_more || $this->next_cursor === null || $this->fetchNext === null) {
            return null;
        }
        return ($this->fetchNext)($this->next_cursor);
    }

    /**
     * Every item of this page and of the pages after it, each page fetched when it is reached.
     *
     * @return \Generator<int, TItem>
     */
    public function autoPagingIterator(): \Generator
    {
        for ($page = $this; $page !== null; $page = $page->nextPage()) {
            foreach ($page->data ?? [] as $item) {
                yield $item;
            }
        }
    }
}
