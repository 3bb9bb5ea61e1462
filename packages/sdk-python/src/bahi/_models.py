"""The base of every generated answer model."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["BahiModel"]


class BahiModel(BaseModel):
    """An object the API answered with: attributes as the contract names them, money as `Decimal`.

    Fields added to the API after this SDK was built are kept (`extra="allow"`) and readable as
    attributes and in `model_dump()`, so an older SDK never drops data.
    """

    model_config = ConfigDict(
        extra="allow",
        populate_by_name=True,
        protected_namespaces=(),
        use_attribute_docstrings=True,
        # Answers are read from JSON parsed with Decimal numbers; a float would mean a bug upstream.
        allow_inf_nan=False,
    )
