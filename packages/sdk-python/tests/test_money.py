"""Money is exact: answers parse into Decimal (never float) and requests write Decimals digit for digit."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import httpx
import pytest
import respx

from bahi import Bahi, _json
from bahi.types import Invoice

from .conftest import EXAMPLES, answer

INVOICE_TEXT = json.dumps(EXAMPLES["Invoice"], default=str)


def floats_in(value: Any) -> list[Any]:
    if isinstance(value, float):
        return [value]
    if isinstance(value, dict):
        return [f for v in value.values() for f in floats_in(v)]
    if isinstance(value, list):
        return [f for v in value for f in floats_in(v)]
    if hasattr(value, "model_dump"):
        return floats_in(value.model_dump())
    return []


def test_amounts_in_an_answer_are_exact_decimals(client: Bahi, api: respx.MockRouter) -> None:
    # Numbers that a binary float cannot hold: 0.1 + 0.2 style sums and the largest amounts.
    example = EXAMPLES["Invoice"]
    item = {**example["items"][0], "rate": "@0.1", "qty": "@0.3", "cgst": "@1.10"}
    invoice_json = {**example, "taxable_value": "@299.97", "total": "@354", "balance_due": "@99999999999.99"}
    body = json.dumps({**invoice_json, "items": [item]}, default=str)
    body = re.sub(r'"@([0-9.]+)"', r"\1", body)  # the numbers exactly as written here
    assert '"rate": 0.1,' in body and '"cgst": 1.10,' in body
    api.get("/v1/invoices/inv_1").mock(return_value=httpx.Response(200, text=body))
    invoice = client.invoices.retrieve("inv_1")
    assert invoice.taxable_value == Decimal("299.97") and isinstance(invoice.taxable_value, Decimal)
    assert str(invoice.balance_due) == "99999999999.99"
    assert invoice.total == Decimal(354) and isinstance(invoice.total, Decimal)  # an integer amount, too
    assert invoice.items[0].rate + Decimal("0.2") == Decimal("0.3")
    assert str(invoice.items[0].cgst) == "1.10"  # the digits as sent
    assert floats_in(invoice) == []


def test_decimals_are_sent_with_exactly_their_digits(client: Bahi, api: respx.MockRouter) -> None:
    route = api.post("/v1/products").mock(return_value=answer(201, EXAMPLES["Product"]))
    client.products.create(
        sku="PEN-01",
        name="Ballpoint pen, blue",
        price=Decimal("99.99"),
        gst_rate=Decimal("0.25"),
        unit="NOS",
        opening_stock=Decimal("1E+2"),
        reorder_level=Decimal("1.10"),
    )
    sent = route.calls.last.request.content.decode()
    assert sent == (
        '{"sku":"PEN-01","name":"Ballpoint pen, blue","price":99.99,"gst_rate":0.25,"unit":"NOS",'
        '"reorder_level":1.10,"opening_stock":100}'
    )
    assert route.calls.last.request.headers["content-type"] == "application/json"


def test_a_float_is_refused_before_anything_is_sent(client: Bahi, api: respx.MockRouter) -> None:
    route = api.post("/v1/invoices").mock(return_value=answer(201, EXAMPLES["Invoice"]))
    with pytest.raises(TypeError, match=r"items\[0\]\.rate.*Decimal"):
        client.invoices.create(party_id="pty_1", items=[{"sku": "PEN-01", "qty": 1, "rate": 0.1 + 0.2}])  # type: ignore[typeddict-item]
    assert route.call_count == 0


def test_an_amount_survives_a_round_trip_exactly(client: Bahi, api: respx.MockRouter) -> None:
    # What the server answers goes back out with the same digits (no 1111.1100000000001).
    text = json.dumps({**EXAMPLES["Product"], "price": "@", "stock_on_hand": "@@"}, default=str)
    text = text.replace('"@@"', "0.001").replace('"@"', "1111.11")
    api.get("/v1/products/prd_1").mock(return_value=httpx.Response(200, text=text))
    route = api.patch("/v1/products/prd_1").mock(return_value=answer(200, EXAMPLES["Product"]))
    product = client.products.retrieve("prd_1")
    client.products.update("prd_1", price=product.price, reorder_level=product.stock_on_hand)
    assert route.calls.last.request.content == b'{"price":1111.11,"reorder_level":0.001}'


def test_json_helpers() -> None:
    assert _json.loads("[1, 1.50, 1e2, -0.45]") == [1, Decimal("1.50"), Decimal("100"), Decimal("-0.45")]
    assert _json.dumps({"a": [Decimal("-0.45"), 3, True, None, "₹"]}) == '{"a":[-0.45,3,true,null,"₹"]}'
    with pytest.raises(ValueError, match="not a JSON number"):
        _json.loads("NaN")
    with pytest.raises(ValueError, match="not a JSON number"):
        _json.dumps(Decimal("Infinity"))


def test_model_dump_keeps_decimals() -> None:
    invoice = Invoice.model_validate(_json.loads(INVOICE_TEXT))
    dumped = invoice.model_dump()
    assert isinstance(dumped["total"], Decimal)
    assert _json.dumps(dumped["items"][0]["rate"]) == str(EXAMPLES["Invoice"]["items"][0]["rate"])
