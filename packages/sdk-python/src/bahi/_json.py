"""JSON with exact numbers: every number with a fraction or exponent is read as `decimal.Decimal`,
and a `Decimal` is written as a JSON number with exactly its digits. No number ever passes through a
binary float, in either direction, so ₹99.99 stays 99.99.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from ._types import NotGiven

__all__ = ["dumps", "loads"]


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str | bytes) -> Any:
    """Parses JSON, numbers with a fraction or exponent as `Decimal` and integers as `int`."""
    return json.loads(text, parse_float=Decimal, parse_constant=_refuse_constant)


def dumps(value: Any) -> str:
    """Serialises a request body compactly. `Decimal` keeps its digits (`Decimal("1.10")` is `1.10`);
    a `float` is refused, since it may not hold the amount that was meant; dates are ISO 8601 strings;
    `NOT_GIVEN` members of a mapping are left out.
    """
    parts: list[str] = []
    _write(value, parts, "$")
    return "".join(parts)


def _write(value: Any, out: list[str], where: str) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(json.dumps(value, ensure_ascii=False))
    elif isinstance(value, int):
        out.append(str(int(value)))
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"{where}: {value} is not a JSON number")
        # Fixed-point notation: `Decimal("1E+2")` is written `100`, which every JSON reader takes.
        out.append(format(value, "f"))
    elif isinstance(value, float):
        raise TypeError(
            f"{where}: {value!r} is a float; pass amounts and quantities as decimal.Decimal "
            f'(Decimal("{value!r}")) or int, so that they are exact'
        )
    elif isinstance(value, datetime.datetime | datetime.date):
        out.append(json.dumps(value.isoformat()))
    elif isinstance(value, Mapping):
        out.append("{")
        first = True
        for key, item in value.items():
            if isinstance(item, NotGiven):
                continue
            if not first:
                out.append(",")
            first = False
            out.append(json.dumps(str(key), ensure_ascii=False))
            out.append(":")
            _write(item, out, f"{where}.{key}")
        out.append("}")
    elif isinstance(value, list | tuple):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _write(item, out, f"{where}[{index}]")
        out.append("]")
    elif hasattr(value, "model_dump"):  # an answer model sent back, e.g. an Address
        _write(value.model_dump(by_alias=True, exclude_unset=True), out, where)
    else:
        raise TypeError(f"{where}: {type(value).__name__} is not JSON serialisable")
