"""Every operation of the contract is reachable, sends its request as the contract says, and parses
each of the contract's example answers (without a float)."""

from __future__ import annotations

import datetime
import importlib.util
import sys
from decimal import Decimal
from typing import Any

import httpx
import pytest
import respx
from pydantic import BaseModel

import bahi
from bahi import Bahi, _json

from .conftest import PACKAGE, load_spec
from .test_money import floats_in

SPEC = load_spec()


def load_generator() -> Any:
    spec = importlib.util.spec_from_file_location("bahi_generate", PACKAGE / "scripts/generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bahi_generate"] = module
    spec.loader.exec_module(module)
    return module


GENERATE = load_generator()
OPERATIONS = GENERATE.Generator(SPEC).operations


def resolve(node: dict[str, Any]) -> Any:
    while "$ref" in node:
        target: Any = SPEC
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def answer_examples(op: Any) -> list[tuple[int, str, Any]]:
    """The operation's 2xx answers of the contract: (status, media type, example value)."""
    found = []
    for code, response in SPEC["paths"][op.path][op.method.lower()]["responses"].items():
        if not code.startswith("2"):
            continue
        for media_type, media in resolve(response).get("content", {}).items():
            for example in media.get("examples", {}).values():
                found.append((int(code), media_type, resolve(example)["value"]))
    return found


def arguments(op: Any) -> tuple[list[Any], dict[str, Any]]:
    args = [p.example for p in op.path_params]
    kwargs: dict[str, Any] = {p.name: p.example for p in op.query if p.required}
    if op.body_example is not None:
        for key, value in op.body_example.items():
            is_file = any(p.wire == key and "FileInput" in p.type for p in op.body)
            kwargs[key] = ("products.csv", value.encode()) if is_file else value
    missing = [p.name for p in op.body if p.required and p.name not in kwargs]
    assert not missing, f"{op.id}: the contract has no example for {missing}"
    return args, kwargs


def test_the_contract_has_59_operations_and_each_has_a_method() -> None:
    assert len(OPERATIONS) == 59
    client = Bahi(api_key="sk_test_abcdefgh12345678", base_url="http://bahi.test")
    async_client = bahi.AsyncBahi(api_key="sk_test_abcdefgh12345678", base_url="http://bahi.test")
    for op in OPERATIONS:
        for root in (client, async_client):
            target: Any = root
            for segment in op.chain:
                target = getattr(target, GENERATE.snake(segment))
            assert callable(getattr(target, op.name)), op.id


def test_names_follow_design_md() -> None:
    names = {op.id: ".".join([*(GENERATE.snake(s) for s in op.chain), op.name]) for op in OPERATIONS}
    assert names["createInvoice"] == "invoices.create"
    assert names["listInvoices"] == "invoices.list"
    assert names["retrieveInvoice"] == "invoices.retrieve"
    assert names["cancelInvoice"] == "invoices.cancel"
    assert names["createCreditNote"] == "credit_notes.create"
    assert names["updateParty"] == "parties.update"
    assert names["deleteWebhook"] == "webhooks.delete"
    assert names["listWebhookDeliveries"] == "webhooks.list_deliveries"
    assert names["createProductImport"] == "products.imports.create"
    assert names["retrieveProductImportErrors"] == "products.imports.retrieve_errors"
    assert names["retrieveGstr1"] == "gstr1.retrieve"
    assert names["retrieveAccount"] == "account.retrieve"
    assert names["retrieveInvoicePdf"] == "invoices.pdf"
    assert names["retrieveCreditNotePdf"] == "credit_notes.pdf"
    assert names["retrieveDebitNotePdf"] == "debit_notes.pdf"


CASES = [(op, example) for op in OPERATIONS for example in answer_examples(op)]


@pytest.mark.parametrize(("op", "example"), CASES, ids=[f"{op.id}-{i}" for i, (op, _) in enumerate(CASES)])
def test_each_operation_sends_its_request_and_parses_its_example_answers(
    client: Bahi, api: respx.MockRouter, op: Any, example: tuple[int, str, Any]
) -> None:
    status, media_type, value = example
    content = value.encode() if isinstance(value, str) else _json.dumps(value).encode()
    path = op.path
    for p in op.path_params:
        path = path.replace("{" + p.wire + "}", str(p.example))
    route = api.route(method=op.method, path=path).mock(
        return_value=httpx.Response(status, content=content, headers={"content-type": media_type})
    )
    target: Any = client
    for segment in op.chain:
        target = getattr(target, GENERATE.snake(segment))
    args, kwargs = arguments(op)
    result = getattr(target, op.name)(*args, **kwargs)

    request = route.calls.last.request
    assert route.call_count == 1
    assert request.headers["user-agent"] == f"bahi-python/{bahi.__version__}"
    assert request.headers["authorization"] == "Bearer sk_test_" + "k" * 43
    assert ("idempotency-key" in request.headers) == (op.method == "POST")
    if op.body_kind == "json" and op.body_example is not None:
        assert request.headers["content-type"] == "application/json"
        assert _json.loads(request.content) == op.body_example
    if op.body_kind == "multipart":
        assert request.headers["content-type"].startswith("multipart/form-data; boundary=")
        assert b'name="file"; filename="products.csv"' in request.content
        assert b"Content-Type: text/csv" in request.content
    if op.is_list:
        assert isinstance(result, bahi.SyncPage)
        items = list(result.data)
        assert len(items) == len(value["data"])
        assert all(isinstance(item, BaseModel) for item in items)
    elif op.answer == "text":
        assert result == value
    else:
        assert isinstance(result, BaseModel)
        assert floats_in(result) == []
        same(result.model_dump(by_alias=True, exclude_unset=True), value, op.id)


def same(parsed: Any, sent: Any, where: str) -> None:
    """The parsed answer holds what was sent, field for field: numbers equal as decimals, times as times."""
    if isinstance(parsed, dict):
        assert isinstance(sent, dict) and parsed.keys() == sent.keys(), where
        for key in parsed:
            same(parsed[key], sent[key], f"{where}.{key}")
    elif isinstance(parsed, list):
        assert isinstance(sent, list) and len(parsed) == len(sent), where
        for index, (a, b) in enumerate(zip(parsed, sent, strict=True)):
            same(a, b, f"{where}[{index}]")
    elif isinstance(parsed, datetime.datetime | datetime.date):
        assert parsed == type(parsed).fromisoformat(sent.replace("Z", "+00:00")), where
    elif isinstance(parsed, Decimal):
        # A JSON number is a Decimal however it was written (`354` too), never a float.
        assert isinstance(sent, int | Decimal) and not isinstance(sent, bool) and parsed == sent, where
    else:
        assert parsed == sent and type(parsed) is type(sent), where


def test_decimal_values_of_examples_are_decimals() -> None:
    assert isinstance(SPEC["components"]["examples"]["Product"]["value"]["price"], Decimal)
