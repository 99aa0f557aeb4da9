"""A text key a test builds at run time (``f"import.{code}"``), so that the test derives the key
itself rather than reading gui.i18n.codes: checked to be in the table, then typed as the
:data:`~gui.i18n.keys.TextKey` it then is."""

from __future__ import annotations

from typing import cast

from gui.i18n import TextKey, has_key


def as_key(text: str) -> TextKey:
    assert has_key(text), f"no text has the key {text!r}"
    return cast(TextKey, text)
