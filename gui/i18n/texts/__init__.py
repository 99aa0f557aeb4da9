"""Every visible text, key → {"zh": ..., "en": ...}, one module per screen or concept (no Qt).

A key's first word names its family ("start.", "end.", "lan.", …); a module may hold several
families. :data:`TEXTS` joins them all, and refuses at import a key that two modules both define
or a text without both languages. The keys' type, :data:`gui.i18n.keys.TextKey`, is generated from
this table by ``tools/make_text_keys.py`` (a test keeps it up to date)."""

from __future__ import annotations

from collections.abc import Mapping

from gui.i18n.texts.game import GAME_TEXTS
from gui.i18n.texts.lan import LAN_TEXTS
from gui.i18n.texts.levels import LEVEL_TEXTS
from gui.i18n.texts.new_game import NEW_GAME_TEXTS
from gui.i18n.texts.profile import PROFILE_TEXTS
from gui.i18n.texts.review import REVIEW_TEXTS
from gui.i18n.texts.saves import SAVE_TEXTS
from gui.i18n.texts.settings import SETTINGS_TEXTS
from gui.i18n.texts.sound import SOUND_TEXTS
from gui.i18n.texts.start import START_TEXTS
from gui.i18n.texts.table import TABLE_TEXTS
from gui.i18n.texts.talk import TALK_TEXTS
from gui.i18n.texts.tutorial import TUTORIAL_TEXTS
from gui.i18n.texts.welcome import WELCOME_TEXTS

LANGUAGES: tuple[str, ...] = ("zh", "en")

# in the order they were written (the generated key list follows it)
PARTS: tuple[Mapping[str, Mapping[str, str]], ...] = (
    START_TEXTS, NEW_GAME_TEXTS, SETTINGS_TEXTS, GAME_TEXTS, TABLE_TEXTS, PROFILE_TEXTS,
    SAVE_TEXTS, LAN_TEXTS, LEVEL_TEXTS, REVIEW_TEXTS, SOUND_TEXTS, TALK_TEXTS, WELCOME_TEXTS,
    TUTORIAL_TEXTS,
)


def joined(parts: tuple[Mapping[str, Mapping[str, str]], ...]) -> dict[str, dict[str, str]]:
    """One table of all parts; a key defined twice or a text missing a language is an error
    here, at import, rather than a wrong word on a player's screen."""
    table: dict[str, dict[str, str]] = {}
    for part in parts:
        for key, entry in part.items():
            if key in table:
                raise ValueError(f"text key {key!r} is defined twice")
            if set(entry) != set(LANGUAGES) or not all(isinstance(entry[lang], str) for lang in LANGUAGES):
                raise ValueError(f"text key {key!r} needs exactly {LANGUAGES}, has {sorted(entry)}")
            table[key] = dict(entry)
    return table


TEXTS: dict[str, dict[str, str]] = joined(PARTS)

__all__ = ["LANGUAGES", "PARTS", "TEXTS", "joined"]
