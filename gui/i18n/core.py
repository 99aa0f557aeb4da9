"""The translation mechanism: the current language, who hears of a switch, and ``tr(key, **fmt)``
over the one table of texts (:mod:`gui.i18n.texts`). No Qt: the GUI plugs into it
(:func:`on_language_change`).

A key is a :data:`~gui.i18n.keys.TextKey`, a ``Literal`` of every key in the table: mypy refuses a
misspelt or missing key at the call site. A key chosen by a code at run time comes from an explicit
mapping of codes to keys (:mod:`gui.i18n.codes`), never from a string built on the spot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gui.i18n import texts
from gui.i18n.texts import LANGUAGES

if TYPE_CHECKING:  # the type only (gui.i18n.codes says why)
    from gui.i18n.keys import TextKey

DEFAULT_LANGUAGE = "zh"

_language = DEFAULT_LANGUAGE
# Called with the new language after every switch (e.g. gui.i18n.qt swaps Qt's own
# translations): this module stays free of Qt, the GUI plugs into it.
_listeners: list[Callable[[str], object]] = []


def set_language(lang: str) -> None:
    """Switch every later ``tr`` call to ``lang`` ("zh" or "en"), and tell the listeners."""
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGUAGES}")
    _language = lang
    for listener in list(_listeners):
        listener(lang)


def on_language_change(listener: Callable[[str], object]) -> None:
    """Call ``listener(lang)`` after every :func:`set_language` (once per listener)."""
    if listener not in _listeners:
        _listeners.append(listener)


def off_language_change(listener: Callable[[str], object]) -> None:
    """Stop calling ``listener`` (no error if it was not listening)."""
    if listener in _listeners:
        _listeners.remove(listener)


def language() -> str:
    return _language


def other_language() -> str:
    """The language the UI is not in: the second column of the itemised score."""
    return "en" if _language == "zh" else "zh"


def has_key(key: str) -> bool:
    return key in texts.all_texts()


def all_keys() -> list[str]:
    return list(texts.all_texts())


def texts_of(key: TextKey) -> dict[str, str]:
    """The key's text in every language (and its singular forms, ``en_one``)."""
    return dict(_entry(key) or texts.all_texts()[key])


def _entry(key: str) -> dict[str, str] | None:
    """The key's texts: the start screen's at hand, the rest loaded on the first key not among them."""
    entry = texts.FIRST.get(key)
    return entry if entry is not None else texts.all_texts().get(key)


def tr(key: TextKey, **fmt: object) -> str:
    """The text of ``key`` in the current language, formatted with ``fmt``.

    An unknown key (only possible where the type check was bypassed) comes back as itself, so
    it shows up on screen instead of crashing the game.
    """
    return tr_in(_language, key, **fmt)


def tr_in(lang: str, key: TextKey, **fmt: object) -> str:
    """The text of ``key`` in ``lang``, whatever the current language (e.g. the itemised
    score shows each item in both languages). A count (``n`` or ``count``) of exactly 1 takes the language's
    singular where the text has one (``en_one``)."""
    entry = _entry(key)
    if entry is None:
        return key
    text = entry.get(f"{lang}_one") if str(fmt.get("n", fmt.get("count"))) == "1" else None
    text = text or entry.get(lang) or entry[DEFAULT_LANGUAGE]
    return text.format(**fmt) if fmt else text


__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "all_keys", "has_key", "language", "off_language_change",
    "on_language_change", "other_language", "set_language", "texts_of", "tr", "tr_in",
]
