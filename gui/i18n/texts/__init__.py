"""Every visible text, key → {"zh": ..., "en": ...}, one module per screen or concept (no Qt).

A key's first word names its family ("start.", "end.", "lan.", …); a module may hold several
families. :data:`TEXTS` joins them all, and refuses a key that two modules both define or a text
without both languages (when the table is first made; the tests make it). The start screen's
texts (:data:`FIRST`) load with the package, the others when a key not among them is first asked
for. The keys' type, :data:`gui.i18n.keys.TextKey`, is generated from this table by
``tools/make_text_keys.py`` (a test keeps it up to date)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from gui.i18n.texts.start import START_TEXTS

LANGUAGES: tuple[str, ...] = ("zh", "en")
# A text with a count (``{n}`` or ``{count}``) may also carry the English for exactly one ("en_one": "1 tile
# left", not "1 tiles left"); Chinese has no plural, so no other form is needed.
ONE_FORMS: tuple[str, ...] = ("en_one",)

# (module, table) in the order they were written (the generated key list follows it). The start
# screen's texts load with this package; the others, about 600 texts in 13 modules, on the first
# key that is not among them: the window's first frame reads none of them (issue 22 §7).
PART_NAMES: tuple[tuple[str, str], ...] = (
    ("start", "START_TEXTS"), ("new_game", "NEW_GAME_TEXTS"), ("settings", "SETTINGS_TEXTS"),
    ("game", "GAME_TEXTS"), ("table", "TABLE_TEXTS"), ("profile", "PROFILE_TEXTS"),
    ("saves", "SAVE_TEXTS"), ("lan", "LAN_TEXTS"), ("levels", "LEVEL_TEXTS"),
    ("review", "REVIEW_TEXTS"), ("sound", "SOUND_TEXTS"), ("talk", "TALK_TEXTS"),
    ("welcome", "WELCOME_TEXTS"), ("tutorial", "TUTORIAL_TEXTS"),
)


def joined(parts: tuple[Mapping[str, Mapping[str, str]], ...]) -> dict[str, dict[str, str]]:
    """One table of all parts; a key defined twice or a text missing a language is an error
    here, when the table is made, rather than a wrong word on a player's screen."""
    table: dict[str, dict[str, str]] = {}
    for part in parts:
        for key, entry in part.items():
            if key in table:
                raise ValueError(f"text key {key!r} is defined twice")
            if (not set(LANGUAGES) <= set(entry) <= set(LANGUAGES + ONE_FORMS)
                    or not all(isinstance(text, str) for text in entry.values())):
                raise ValueError(f"text key {key!r} needs exactly {LANGUAGES} (and may have "
                                 f"{ONE_FORMS}), has {sorted(entry)}")
            table[key] = dict(entry)
    return table


FIRST: dict[str, dict[str, str]] = joined((START_TEXTS,))  # the start screen's, checked
_all: dict[str, dict[str, str]] | None = None


def all_parts() -> tuple[Mapping[str, Mapping[str, str]], ...]:
    """Every module's table, in PART_NAMES' order (importing those not loaded yet)."""
    return tuple(getattr(importlib.import_module(f"{__name__}.{module}"), table)
                 for module, table in PART_NAMES)


def all_texts() -> dict[str, dict[str, str]]:
    """The whole table, joined and checked the first time it is asked for."""
    global _all
    if _all is None:
        _all = joined(all_parts())
    return _all


def __getattr__(name: str) -> Any:
    """``TEXTS`` and ``PARTS``, the whole table and its parts, made when first read."""
    if name == "TEXTS":
        return all_texts()
    if name == "PARTS":
        return all_parts()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "FIRST", "LANGUAGES", "ONE_FORMS", "PARTS", "PART_NAMES", "TEXTS", "all_parts", "all_texts", "joined",
]
