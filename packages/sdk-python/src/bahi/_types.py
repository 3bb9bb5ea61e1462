"""Small types shared by the core and the generated resources."""

from __future__ import annotations

import os
from typing import IO, Final, TypeAlias

__all__ = ["NOT_GIVEN", "FileContent", "FileInput", "NotGiven"]


class NotGiven:
    """The default of an optional argument: left out of the request, unlike `None`, which sends `null`.

    A PATCH needs the difference: `reorder_level=None` clears the field, leaving it out keeps it.
    """

    _instance: NotGiven | None = None

    def __new__(cls) -> NotGiven:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Final = NotGiven()

# A file to upload: its bytes, its text (sent as UTF-8), an open binary file, or a path to read.
FileContent: TypeAlias = bytes | str | IO[bytes] | os.PathLike[str]
# The content alone, or with the file's name (`("catalogue.xlsx", data)`), and its media type.
FileInput: TypeAlias = FileContent | tuple[str, FileContent] | tuple[str, FileContent, str]
