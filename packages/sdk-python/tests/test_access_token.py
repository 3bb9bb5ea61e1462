"""OAuth and personal access tokens: sent as the bearer token, renewed through the refresh callback
when Bahi refuses one as `invalid_token` (once for requests refused together), the request sent once
more under the same `Idempotency-Key`, and never a second refresh for one call."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import respx

import bahi
from bahi import AsyncBahi, Bahi

from .conftest import ACCOUNT, BASE_URL, PACKAGE, PARTY, PROBLEM_HEADERS, answer, problem

OLD = "bahi_at_" + "o" * 43
NEW = "bahi_at_" + "n" * 43
DETAIL = "This access token expired at 2026-11-22T06:30:00.000Z."


def expired() -> httpx.Response:
    """Bahi's refusal of an expired access token, as the server words it."""
    return answer(
        401,
        problem(401, "invalid_token", detail=DETAIL),
        **PROBLEM_HEADERS,
        **{"www-authenticate": f'Bearer error="invalid_token", error_description="{DETAIL}"'},
    )


def accept_only(api: respx.MockRouter, valid: str) -> list[str]:
    """Answers `GET /v1/account` for `valid` alone, recording the token of every request."""
    seen: list[str] = []

    def respond(request: httpx.Request) -> httpx.Response:
        token = request.headers.get("authorization", "").removeprefix("Bearer ")
        seen.append(token)
        return answer(200, ACCOUNT) if token == valid else expired()

    api.get("/v1/account").mock(side_effect=respond)
    return seen


class Refresher:
    """A refresh callback that counts its calls and gives the tokens it is told to."""

    def __init__(self, *tokens: str) -> None:
        self.tokens = list(tokens)
        self.calls = 0

    def __call__(self) -> str:
        self.calls += 1
        return self.tokens.pop(0)


def token_client(refresh: Callable[[], str] | None = None, token: str = OLD) -> Bahi:
    return Bahi(access_token=token, refresh_access_token=refresh, base_url=BASE_URL)


def test_an_access_token_or_a_personal_access_token_is_the_bearer_token(api: respx.MockRouter) -> None:
    pat = "bahi_pat_" + "p" * 43
    seen = accept_only(api, pat)
    with token_client(token=pat) as client:
        assert client.account.retrieve().id == ACCOUNT["id"]
        assert client.livemode is None
        assert "p" * 8 not in repr(client)
    assert seen == [pat]


def test_one_credential_and_the_callback_renews_a_token_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAHI_API_KEY", "sk_test_" + "e" * 43)
    with pytest.raises(bahi.BahiError, match="not both"):
        Bahi(api_key="sk_test_" + "k" * 43, access_token=OLD)
    with pytest.raises(bahi.BahiError, match="renews an access_token"):
        Bahi(refresh_access_token=Refresher(NEW))
    # A token wins over the environment's key.
    assert Bahi(access_token=OLD).livemode is None


def test_a_refused_token_is_refreshed_once_and_the_request_sent_again(api: respx.MockRouter) -> None:
    seen = accept_only(api, NEW)
    refresh = Refresher(NEW)
    with token_client(refresh) as client:
        assert client.account.retrieve().id == ACCOUNT["id"]
        client.account.retrieve()
    assert seen == [OLD, NEW, NEW]
    assert refresh.calls == 1


def test_refused_again_the_call_raises_the_401_without_a_second_refresh(api: respx.MockRouter) -> None:
    seen = accept_only(api, "nothing")
    refresh = Refresher(NEW, "bahi_at_" + "x" * 43)
    with token_client(refresh) as client, pytest.raises(bahi.AuthenticationError) as raised:
        client.account.retrieve()
    assert raised.value.code == "invalid_token"
    assert seen == [OLD, NEW]
    assert refresh.calls == 1


def test_without_a_callback_or_for_other_refusals_nothing_is_refreshed(api: respx.MockRouter) -> None:
    accept_only(api, NEW)
    with token_client() as client, pytest.raises(bahi.AuthenticationError):
        client.account.retrieve()
    api.get("/v1/parties").mock(
        return_value=answer(
            403,
            problem(403, "insufficient_scope"),
            **PROBLEM_HEADERS,
            **{"www-authenticate": 'Bearer error="insufficient_scope", scope="parties:read"'},
        )
    )
    refresh = Refresher(NEW)
    with token_client(refresh) as client, pytest.raises(bahi.PermissionDeniedError):
        client.parties.list()
    assert refresh.calls == 0


def test_a_failing_callback_fails_the_call_and_the_next_call_tries_again(api: respx.MockRouter) -> None:
    accept_only(api, NEW)
    outcomes: list[str | Exception] = [RuntimeError("refresh token revoked"), NEW]

    def refresh() -> str:
        outcome = outcomes.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    with token_client(refresh) as client:
        with pytest.raises(RuntimeError, match="refresh token revoked"):
            client.account.retrieve()
        assert client.account.retrieve().id == ACCOUNT["id"]
    with token_client(lambda: "") as client, pytest.raises(bahi.BahiError, match="gave no access token"):
        client.account.retrieve()


def test_a_create_keeps_its_idempotency_key_and_body_on_the_request_sent_again(
    api: respx.MockRouter,
) -> None:
    route = api.post("/v1/parties").mock(side_effect=[expired(), answer(201, PARTY)])
    with token_client(Refresher(NEW)) as client:
        party = client.parties.create(type="customer", name="Sharma Electronics")
    assert party.id == PARTY["id"]
    first, second = (call.request for call in route.calls)
    assert first.headers["authorization"] == f"Bearer {OLD}"
    assert second.headers["authorization"] == f"Bearer {NEW}"
    assert second.headers["idempotency-key"] == first.headers["idempotency-key"]
    assert second.content == first.content


def test_threads_refused_together_share_one_refresh(api: respx.MockRouter) -> None:
    seen = accept_only(api, NEW)
    started = threading.Barrier(4)
    refresh = Refresher(NEW)
    errors: list[BaseException] = []
    with token_client(refresh) as client:

        def call() -> None:
            started.wait()
            try:
                client.account.retrieve()
            except BaseException as error:  # reported by the assertion below
                errors.append(error)

        threads = [threading.Thread(target=call) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=10)
    assert errors == []
    assert refresh.calls == 1
    assert seen.count(NEW) == 4


@pytest.mark.anyio
async def test_the_async_client_awaits_one_refresh_for_tasks_refused_together(
    api: respx.MockRouter,
) -> None:
    seen = accept_only(api, NEW)
    calls = 0
    release = asyncio.Event()

    async def refresh() -> str:
        nonlocal calls
        calls += 1
        await release.wait()
        return NEW

    async with AsyncBahi(access_token=OLD, refresh_access_token=refresh, base_url=BASE_URL) as client:
        tasks = [asyncio.ensure_future(client.account.retrieve()) for _ in range(5)]
        while seen.count(OLD) < 5:
            await asyncio.sleep(0)
        release.set()
        accounts = await asyncio.gather(*tasks)
    assert [a.id for a in accounts] == [ACCOUNT["id"]] * 5
    assert calls == 1
    assert seen.count(NEW) == 5


@pytest.mark.anyio
async def test_the_async_client_takes_a_plain_function_too(api: respx.MockRouter) -> None:
    seen = accept_only(api, NEW)
    async with AsyncBahi(access_token=OLD, refresh_access_token=lambda: NEW, base_url=BASE_URL) as client:
        await client.account.retrieve()
    assert seen == [OLD, NEW]


def test_the_readmes_refresh_callback_works_and_keeps_the_rotated_refresh_token() -> None:
    readme = (PACKAGE / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "refresh_access_token=" in b)
    with respx.mock(base_url="http://127.0.0.1:8080") as local:
        token_endpoint = local.post("/oauth/token").mock(
            return_value=answer(
                200, {"access_token": NEW, "token_type": "Bearer", "refresh_token": "bahi_rt_2"}
            )
        )
        seen = accept_only(local, NEW)
        namespace: dict[str, Any] = {}
        # The README's placeholder is no header value; a token stands in for it.
        code = block.replace('"bahi_at_…"', f'"{OLD}"')
        exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102 - the README's own code
        assert namespace["client"].account.retrieve().id == ACCOUNT["id"]
    assert dict(httpx.QueryParams(token_endpoint.calls.last.request.content.decode())) == {
        "grant_type": "refresh_token",
        "refresh_token": "bahi_rt_…",
        "client_id": "app_…",
    }
    assert namespace["tokens"] == {"access": NEW, "refresh": "bahi_rt_2"}
    assert seen == [OLD, NEW]
