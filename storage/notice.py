"""A message of the profile store for the player: plain English text that also carries a code
and its values, so a screen can say it in the player's language (no Qt)."""

from __future__ import annotations

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


__all__ = ["Notice"]
