"""A message of the profile store for the player: plain English text that also carries a code
and its values, so a screen can say it in the player's language (no Qt)."""

from __future__ import annotations

from typing import Any


class Notice(str):
    """Behaves as its English text (logs, tests); :attr:`code` and :attr:`params` let the GUI
    translate it (``gui.i18n`` key ``store.<code>``)."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, text: str, **params: Any) -> Notice:
        notice = super().__new__(cls, text)
        notice.code = code
        notice.params = params
        return notice


def notice_text(message: str) -> str:
    """A store message in the player's language (its English text if it has no code)."""
    from gui.i18n import has_key, tr

    code = getattr(message, "code", None)
    if code is None or not has_key(f"store.{code}"):
        return str(message)
    return tr(f"store.{code}", **message.params)  # type: ignore[attr-defined]


__all__ = ["Notice", "notice_text"]
