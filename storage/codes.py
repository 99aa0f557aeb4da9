"""What the stores keep instead of display text (no Qt, no words).

Stored data holds codes, so every screen follows the language the player reads it in:

* a hand's result for the player: ``self_draw``, ``win_discard``, ``deal_in``, ``exhaustive``
  or ``other`` (storage.saved_hands.RESULT_*), shown by :func:`gui.i18n.result_label`;
* the names at the table: the player's own name as it is, and ``""`` for a seat that had no
  name but its place at the table (下家 / 对家 / 上家 as the player saw it:
  ``engine.table.setup.PLACE``, the code the engine names the window's computers with), shown
  with :func:`gui.i18n.store.display_names` relative to the player's seat (the history keeps
  that seat). Names are stored as given: words become codes only when an old file is read.

Files and databases written before this stored the Chinese (or English) words;
:func:`result_code` and :func:`coded_names` turn them back into codes when they are migrated.
"""

from __future__ import annotations

from collections.abc import Sequence

RESULT_SELF_DRAW = "self_draw"  # the profile's player won by self-draw
RESULT_DISCARD_WIN = "win_discard"  # won on someone's discard
RESULT_DEAL_IN = "deal_in"  # dealt the winning tile
RESULT_EXHAUSTIVE = "exhaustive"  # nobody won
RESULT_OTHER = "other"  # somebody else won, not on the player's discard
RESULT_CODES = (RESULT_SELF_DRAW, RESULT_DISCARD_WIN, RESULT_DEAL_IN, RESULT_EXHAUSTIVE, RESULT_OTHER)

# What the first releases stored in the history's result column.
LEGACY_RESULTS = {
    "自摸": RESULT_SELF_DRAW, "点炮胡": RESULT_DISCARD_WIN, "点炮": RESULT_DEAL_IN, "荒庄": RESULT_EXHAUSTIVE,
    "—": RESULT_OTHER,
}

# The words for a seat named only by its place at the table, in every language the game has
# had, by the seat's place to the right of the player (1 下家, 2 对家, 3 上家): what older files
# stored (a test keeps gui.i18n's "table.seat_<n>" within these). Only the migrations of old
# files (profiles, history, imported hands) read them: the table names such a seat "" itself.
PLACE_NAMES: dict[int, frozenset[str]] = {
    1: frozenset({"下家", "Right"}), 2: frozenset({"对家", "Opposite"}), 3: frozenset({"上家", "Left"}),
}


def result_code(stored: str) -> str:
    """The code of a stored result: a code stays, an old Chinese text becomes its code, and
    anything else (a newer program's code) is kept as it is."""
    return LEGACY_RESULTS.get(stored, stored)


def coded_names(names: Sequence[str], human: int) -> list[str]:
    """The names of an old file as they are stored now: a seat named only by its place at the
    table (下家, "Opposite", … in any language, relative to ``human``) becomes ``""``; real
    names are kept."""
    out = [str(n) for n in names]
    for seat, name in enumerate(out):
        if seat != human and name.strip() in PLACE_NAMES.get((seat - human) % 4, ()):
            out[seat] = ""
    return out


__all__ = [
    "LEGACY_RESULTS", "PLACE_NAMES", "RESULT_CODES", "RESULT_DEAL_IN", "RESULT_DISCARD_WIN",
    "RESULT_EXHAUSTIVE", "RESULT_OTHER", "RESULT_SELF_DRAW", "coded_names", "result_code",
]
