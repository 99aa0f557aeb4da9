"""What the player reads when a table refuses them or ends: the host's codes
(engine.net.messages REFUSE_* and END_*) in the player's language. A code this program does not
know (a newer host's) shows the host's own English words."""

from __future__ import annotations

import math

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from engine.net import messages as m
from gui.i18n import codes, tr

REFUSALS = (m.REFUSE_PROTOCOL, m.REFUSE_CODE_NEEDED, m.REFUSE_WRONG_CODE, m.REFUSE_FULL, m.REFUSE_STARTED,
            m.REFUSE_OVER, m.REFUSE_UNKNOWN_TOKEN, m.REFUSE_BUSY, m.REFUSE_BAD_HELLO, m.REFUSE_TIMEOUT,
            m.REFUSE_WAIT, m.REFUSE_PAUSED, m.REFUSE_LOCKED, m.REFUSE_COOLDOWN, m.REFUSE_REMOVED)
ENDS = (m.END_FINISHED, m.END_HOST_QUIT, m.END_LEFT, m.END_REPLACED, m.END_DEAD, m.END_SLOW, m.END_REMOVED,
        m.END_FLOOD)


def lock_mark() -> str:
    """🔒 and a space where the UI font can draw it (many Linux desktops have no emoji font: an
    empty box would say nothing), else nothing; the words beside it always say it."""
    return "🔒 " if QFontMetrics(QApplication.font()).inFontUcs4(0x1F512) else ""


def refusal_text(code: str, message: str = "", retry_after: float | None = None) -> str:
    """Why the table did not take us (and, for a wait, for how long: `retry_after` seconds)."""
    key = codes.LAN_REFUSED.get(code)
    text = tr(key) if key is not None else tr("lan.refused.other", message=message or code)
    if retry_after is not None and retry_after > 0:
        text += tr("lan.refused.retry", n=math.ceil(retry_after))
    return text


def end_text(reason: str, message: str = "") -> str:
    """Why the table ended for us."""
    key = codes.LAN_END.get(reason)
    return tr(key) if key is not None else tr("lan.end.other", message=message or reason)


__all__ = ["ENDS", "REFUSALS", "end_text", "lock_mark", "refusal_text"]
