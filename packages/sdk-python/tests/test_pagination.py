"""Lists: the first page as answered, then every item of every page with `starting_after`."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import respx

from bahi import AsyncBahi, Bahi

from .conftest import EXAMPLES, answer

INVOICE = EXAMPLES["Invoice"]


def page(ids: list[str], next_cursor: str | None) -> dict[str, Any]:
    return {
        "object": "list",
        "data": [{**INVOICE, "id": i} for i in ids],
        "has_more": next_cursor is not None,
        "next_cursor": next_cursor,
    }


@pytest.fixture
def three_pages(api: respx.MockRouter) -> respx.Route:
    def answer_page(request: httpx.Request) -> httpx.Response:
        cursor = request.url.params.get("starting_after")
        pages = {
            None: (["inv_5", "inv_4"], "inv_4"),
            "inv_4": (["inv_3", "inv_2"], "inv_2"),
            "inv_2": (["inv_1"], None),
        }
        ids, next_cursor = pages[cursor]
        return answer(200, page(ids, next_cursor))

    return api.get("/v1/invoices").mock(side_effect=answer_page)


def test_list_answers_the_first_page(client: Bahi, three_pages: respx.Route) -> None:
    first = client.invoices.list(party_id="pty_1", limit=2)
    assert [i.id for i in first.data] == ["inv_5", "inv_4"]
    assert first.has_more is True and first.next_cursor == "inv_4"
    assert three_pages.call_count == 1


def test_auto_paging_walks_every_page_with_the_same_filters(client: Bahi, three_pages: respx.Route) -> None:
    ids = [invoice.id for invoice in client.invoices.list(party_id="pty_1", limit=2).auto_paging_iter()]
    assert ids == ["inv_5", "inv_4", "inv_3", "inv_2", "inv_1"]
    queries = [dict(call.request.url.params) for call in three_pages.calls]
    assert queries == [
        {"party_id": "pty_1", "limit": "2"},
        {"party_id": "pty_1", "limit": "2", "starting_after": "inv_4"},
        {"party_id": "pty_1", "limit": "2", "starting_after": "inv_2"},
    ]


def test_iterating_a_page_goes_on_through_later_pages_lazily(client: Bahi, three_pages: respx.Route) -> None:
    items = iter(client.invoices.list(limit=2))
    assert next(items).id == "inv_5" and next(items).id == "inv_4"
    assert three_pages.call_count == 1  # the next page only when it is needed
    assert next(items).id == "inv_3"
    assert three_pages.call_count == 2


def test_next_page_and_the_last_page(client: Bahi, three_pages: respx.Route) -> None:
    last = client.invoices.list(limit=2).next_page().next_page()
    assert [i.id for i in last.data] == ["inv_1"] and not last.has_next_page()
    with pytest.raises(StopIteration):
        last.next_page()


def test_query_values_are_written_as_the_api_reads_them(client: Bahi, api: respx.MockRouter) -> None:
    import datetime

    route = api.get("/v1/invoices").mock(return_value=answer(200, page([], None)))
    client.invoices.list(overdue=False, date_from=datetime.date(2026, 11, 1), status="issued")
    assert dict(route.calls.last.request.url.params) == {
        "overdue": "false",
        "date_from": "2026-11-01",
        "status": "issued",
    }


@pytest.mark.anyio
async def test_the_async_list_is_awaitable_and_async_iterable(
    async_client: AsyncBahi, three_pages: respx.Route
) -> None:
    first = await async_client.invoices.list(limit=2)
    assert [i.id for i in first.data] == ["inv_5", "inv_4"] and first.has_more
    ids = [invoice.id async for invoice in async_client.invoices.list(limit=2)]
    assert ids == ["inv_5", "inv_4", "inv_3", "inv_2", "inv_1"]
    ids = [invoice.id async for invoice in async_client.invoices.list(limit=2).auto_paging_iter()]
    assert len(ids) == 5
    await async_client.close()
