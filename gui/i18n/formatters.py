"""The game's things in words: tiles (三万 / 3m), groups in the engine's notation, score items,
why a hand may not win, a stored result and the seats. Each reads its key from an explicit
mapping of codes (:mod:`gui.i18n.codes`); a code this program does not know shows as it did
before the keys were typed (the key's name, or the code itself where a file may hold anything)."""

from __future__ import annotations

from collections.abc import Iterable

from gui.i18n import codes
from gui.i18n.core import language, texts_of, tr, tr_in


def score_label(code: str, points: int | None = None, lang: str | None = None) -> str:
    """The label of a score item by its scoring code (``ScoreItem.code``), in ``lang`` (by
    default the current language)."""
    if code == "missing_suit" and points == 2:
        code = "two_missing_suits"
    key = codes.SCORE.get(code)
    if key is None:
        return f"score.{code}"
    return tr_in(lang or language(), key, points=points if points is not None else "")


def refusal_reason(reason: str) -> str:
    """Why a hand may not win, in words, from the engine's reason code."""
    key = codes.REFUSAL.get(reason)
    return tr(key) if key is not None else f"reason.{reason}"


# -- tiles in words ------------------------------------------------------------------------------
# Tile kinds are engine.game.tiles kinds (0..20: suit * 7 + rank - 2); the notation of the engine and
# of every stored file stays "3m". Only what the player reads goes through these.

_SUITS = "mps"


def tile_label(kind: int) -> str:
    """One tile as the player reads it: 三万 / 五饼 / 七条 in Chinese, 3m / 5p / 7s in English."""
    suit, rank = divmod(int(kind), 7)
    return tr("tile.name", rank=tr(codes.TILE_RANK[rank + 2]), suit=tr(codes.TILE_SUIT[_SUITS[suit]]))


def tiles_label(kinds: Iterable[int]) -> str:
    """Several tiles, sorted and grouped by suit as players write them: 二三四万五五饼 in
    Chinese, 234m55p in English."""
    ordered = sorted(int(k) for k in kinds)
    parts: list[str] = []
    for suit_index, suit in enumerate(_SUITS):
        ranks = [tr(codes.TILE_RANK[k % 7 + 2]) for k in ordered if k // 7 == suit_index]
        if ranks:
            parts.append("".join(ranks) + tr(codes.TILE_SUIT[suit]))
    return "".join(parts)


def notation_label(text: str) -> str:
    """A group written in the engine's notation ("234m", "[2222m]" for a kong) in words; text
    that is not tile notation comes back unchanged."""
    inner = text.strip()
    bracketed = inner.startswith("[") and inner.endswith("]")
    body = inner[1:-1] if bracketed else inner
    if len(body) < 2 or body[-1] not in _SUITS or not body[:-1].isdigit() \
            or not all("2" <= d <= "8" for d in body[:-1]):
        return text
    suit = _SUITS.index(body[-1])
    words = tiles_label(suit * 7 + int(d) - 2 for d in body[:-1])
    return f"[{words}]" if bracketed else words


# -- stored codes in words ---------------------------------------------------------------------------

def result_label(code: str) -> str:
    """A hand's result for the player from its stored code (storage.saved_hands.RESULT_*); anything
    else (text from a program we do not know) is shown as it is."""
    key = codes.RESULT.get(code)
    return tr(key) if key is not None else code


def room_label(room: str, short: bool = False) -> str:
    """A room (不报听 / 报听) by its code; a code this program does not know is shown as it is.
    ``short``: the words for a table's narrow column ("Open", not "Open room")."""
    key = (codes.ROOM_SHORT if short else codes.ROOM).get(room)
    return tr(key) if key is not None else room


def seat_label(relative: int) -> str:
    """The seat ``relative`` places to the right of the player: 你 / 下家 / 对家 / 上家."""
    return tr(codes.SEAT_SIDE[relative % 4])


def player_name(name: str) -> str:
    """A stored player's name as the player reads it: the default name a profile was given in
    one language (玩家 / Player) reads as the current language's, any name the player chose as
    it is."""
    defaults = texts_of("start.default_name")
    return defaults[language()] if name in defaults.values() else name


def seat_labels(relative: int) -> set[str]:
    """Every language's label of that seat (what older files stored instead of a code)."""
    return set(texts_of(codes.SEAT_SIDE[relative % 4]).values())


__all__ = [
    "notation_label", "player_name", "refusal_reason", "result_label", "room_label", "score_label",
    "seat_label", "seat_labels", "tile_label", "tiles_label",
]
