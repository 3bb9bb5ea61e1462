"""Pages of a list and iteration over every item of every page (`starting_after` = `next_cursor`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterator
from typing import Any, Generic, TypeVar

__all__ = ["AsyncPage", "AsyncPaginator", "SyncPage"]

T = TypeVar("T")


class SyncPage(Generic[T]):
    """One page of a list, as the API answered it, that can also walk through every later page.

    `for item in page` and `page.auto_paging_iter()` yield every item of this page and of the pages
    after it, fetching each page only when the one before is used up; `page.data` is this page alone.
    """

    def __init__(
        self,
        data: list[T],
        has_more: bool,
        next_cursor: str | None,
        fetch: Callable[[str], SyncPage[T]],
    ) -> None:
        self.data = data
        self.has_more = has_more
        self.next_cursor = next_cursor
        self._fetch = fetch

    def has_next_page(self) -> bool:
        return self.has_more and self.next_cursor is not None

    def next_page(self) -> SyncPage[T]:
        """The page after this one. Raises `StopIteration` on the last page."""
        if self.next_cursor is None or not self.has_more:
            raise StopIteration("this is the last page")
        return self._fetch(self.next_cursor)

    def auto_paging_iter(self) -> Iterator[T]:
        page = self
        while True:
            yield from page.data
            if not page.has_next_page():
                return
            page = page.next_page()

    def __iter__(self) -> Iterator[T]:
        return self.auto_paging_iter()

    def __repr__(self) -> str:
        return f"SyncPage(data=[{len(self.data)} items], has_more={self.has_more}, next_cursor={self.next_cursor!r})"


class AsyncPage(Generic[T]):
    """One page of a list on the async client; `async for item in page` goes on through later pages."""

    def __init__(
        self,
        data: list[T],
        has_more: bool,
        next_cursor: str | None,
        fetch: Callable[[str | None], Awaitable[AsyncPage[T]]],
    ) -> None:
        self.data = data
        self.has_more = has_more
        self.next_cursor = next_cursor
        self._fetch = fetch

    def has_next_page(self) -> bool:
        return self.has_more and self.next_cursor is not None

    async def next_page(self) -> AsyncPage[T]:
        """The page after this one. Raises `StopAsyncIteration` on the last page."""
        if self.next_cursor is None or not self.has_more:
            raise StopAsyncIteration("this is the last page")
        return await self._fetch(self.next_cursor)

    async def auto_paging_iter(self) -> AsyncIterator[T]:
        page = self
        while True:
            for item in page.data:
                yield item
            if not page.has_next_page():
                return
            page = await page.next_page()

    def __aiter__(self) -> AsyncIterator[T]:
        return self.auto_paging_iter()

    def __repr__(self) -> str:
        return f"AsyncPage(data=[{len(self.data)} items], has_more={self.has_more}, next_cursor={self.next_cursor!r})"


class AsyncPaginator(Generic[T]):
    """What an async `list()` returns: `await` it for the first page, or `async for` over every item.

    Nothing is fetched until it is awaited or iterated.
    """

    def __init__(self, fetch: Callable[[str | None], Awaitable[AsyncPage[T]]]) -> None:
        self._fetch = fetch

    def __await__(self) -> Generator[Any, None, AsyncPage[T]]:
        return self._fetch(None).__await__()

    async def auto_paging_iter(self) -> AsyncIterator[T]:
        page = await self._fetch(None)
        async for item in page.auto_paging_iter():
            yield item

    def __aiter__(self) -> AsyncIterator[T]:
        return self.auto_paging_iter()
