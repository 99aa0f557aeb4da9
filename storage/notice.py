"""A message of the profile store for the player: plain English text that also carries a code
and its values, so a screen can say it in the player's language (no Qt)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Notice(str):
    """Behaves as its English text (logs, tests); :attr:`code` and :attr:`params` let the GUI
    translate it (gui.i18n.store.notice_text, with the ``gui.i18n`` key ``store.<code>``)."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, text: str, **params: Any) -> Notice:
        notice = super().__new__(cls, text)
        notice.code = code
        notice.params = params
        return notice


def joined(parts: Sequence[Notice]) -> Notice:
    """Notices told as one (sentences of one event): the GUI says each in the player's language."""
    return Notice("joined", " ".join(parts), parts=list(parts))


def without_part(message: str, code: str) -> str:
    """`message` less its part coded `code` (a sentence a later finding made untrue)."""
    parts = message.params.get("parts") if isinstance(message, Notice) and message.code == "joined" else None
    if not parts or not any(p.code == code for p in parts):
        return message
    return joined([p for p in parts if p.code != code])


__all__ = ["Notice", "joined", "without_part"]
