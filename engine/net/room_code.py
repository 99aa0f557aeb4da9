"""A room code made up for the host (开一桌's 随机生成, ``serve --new-code``): digits, at least six
of them, from the system's secure random source. With the door's limits (engine.net.door: at
most ten wrong codes a minute for the whole table) a million codes take about five weeks of
guessing on average."""

from __future__ import annotations

import secrets

CODE_DIGITS = 6


def new_code(digits: int = CODE_DIGITS) -> str:
    """`digits` (at least CODE_DIGITS) random decimal digits."""
    return "".join(secrets.choice("0123456789") for _ in range(max(CODE_DIGITS, digits)))


__all__ = ["CODE_DIGITS", "new_code"]
