"""The stores' codes in the player's language (no Qt): a store notice, why a file was not
imported, the names at the table. :mod:`storage` keeps codes and values; these put them into
the words of :mod:`gui.i18n` (the texts are in :mod:`gui.i18n.texts.saves` and ``table.seat_<n>``)."""

from __future__ import annotations

from collections.abc import Sequence

from gui.i18n import codes, language, player_name, seat_label, tr, tr_in
from storage.imports import ImportRefused
from storage.notice import Notice


def notice_text(message: str) -> str:
    """A store message in the player's language (its English text if it has no code)."""
    if isinstance(message, Notice) and message.code == "joined":
        parts = [notice_text(part) for part in message.params.get("parts", ())]
        return ("" if language() == "zh" else " ").join(parts)
    if not isinstance(message, Notice) or message.code not in codes.STORE_NOTICE:
        return str(message)
    params = {k: notice_text(v) if isinstance(v, Notice) else v for k, v in message.params.items()}
    return tr(codes.STORE_NOTICE[message.code], **params)


def refusal_text(refused: ImportRefused, lang: str | None = None) -> str:
    """Why a file was not imported, in `lang` (the current language by default)."""
    key = codes.IMPORT_REFUSED.get(refused.code)
    if key is None:  # a code this program does not know: shown as its key was before
        return f"import.{refused.code}"
    return tr_in(lang or language(), key, **refused.values)


def display_names(names: Sequence[str], human: int) -> list[str]:
    """The names to show: ``""`` becomes the seat's place relative to ``human``, and a default
    name the current language's (:func:`~gui.i18n.formatters.player_name`)."""
    return [player_name(str(n)) or seat_label((seat - human) % 4) for seat, n in enumerate(names)]


__all__ = ["display_names", "notice_text", "refusal_text"]
